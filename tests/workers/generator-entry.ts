// The generator Worker as the workers tests run it (vitest.config.ts `main`): its own handlers and
// runner, unchanged, with every queue batch and runner alarm counted as background work and the
// drain's marker messages taken out of the batches, so that the setup can wait for the work to end
// before the next test resets storage (background-work.ts).
import generator, { AdGenerationRunner as Runner } from "../../workers/generator";
import { track, withoutDrainMarkers } from "./background-work";

export class AdGenerationRunner extends Runner {
  override async alarm(): Promise<void> {
    await track("runner alarm", () => super.alarm());
  }
}

export default {
  ...generator,
  queue: (batch, env, ctx) =>
    track(`batch of ${batch.queue}`, () => withoutDrainMarkers(batch, (messages) => generator.queue(messages, env, ctx))),
} satisfies ExportedHandler<GeneratorEnv>;
