// Starting a generation from the app Worker: the queue is the hand-off to the generator Worker that
// is never lost (ADR 023). Right after the message is sent, the app also asks the generator through
// its service binding to start the ad's runner at once (ADR 072): the seller then waits for the
// model, not for the queue's delivery. The runner starts an ad once however often it is asked, so
// the queue's own delivery later finds it started (or done) and makes no second model call.
import { enqueueAdGeneration, START_GENERATION_PATH, type AdGenerationMessage } from "../../queue/ad-generation";

export type GenerationStarter = {
  queue: Queue;
  /** The generator Worker (service binding); without it the queue alone starts the generation. */
  generator?: Fetcher;
  /** The request's `ctx.waitUntil`: the direct start may end after the answer; the queue is the guarantee. */
  waitUntil: (promise: Promise<unknown>) => void;
};

export async function startGeneration(starter: GenerationStarter, adId: string): Promise<void> {
  await enqueueAdGeneration(starter.queue, adId);
  if (starter.generator) starter.waitUntil(startRunnerNow(starter.generator, adId));
}

async function startRunnerNow(generator: Fetcher, adId: string): Promise<void> {
  const message: AdGenerationMessage = { adId };
  try {
    const response = await generator.fetch(`https://generator.internal${START_GENERATION_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(message),
    });
    await response.body?.cancel();
    if (!response.ok) console.warn("direct start refused; the queue starts the generation", { adId, status: response.status });
  } catch (error) {
    console.warn("direct start failed; the queue starts the generation", { adId, error: String(error) });
  }
}
