// Starting a generation from the app Worker: the queue is the one hand-off to the generator Worker
// (ADR 023). A send from `waitUntil` (an API client's ad, after its model copies, ADR 061) that is
// lost is put back by the sweep.
import { enqueueAdGeneration } from "../queue/ad-generation";

export function startGeneration(queue: Queue, adId: string): Promise<void> {
  return enqueueAdGeneration(queue, adId);
}
