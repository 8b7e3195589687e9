// Starting a generation from the app Worker: the queue is the one hand-off to the generator Worker
// (ADR 023). Nothing that must finish is left to the request's `waitUntil`.
import { enqueueAdGeneration } from "../../queue/ad-generation";

export function startGeneration(queue: Queue, adId: string): Promise<void> {
  return enqueueAdGeneration(queue, adId);
}
