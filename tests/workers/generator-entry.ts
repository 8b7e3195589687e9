// The generator Worker as the workers tests run it (vitest.config.ts `main`): its own handlers and
// runner, unchanged, with every queue batch and runner alarm counted as background work and the
// drain's marker messages taken out of the batches, so that the setup can wait for the work to end
// before the next test resets storage (background-work.ts).
// It also answers the app's API under /api/ (the generator has no such path): a test that must close
// a connection, as a browser does, sends its request to this Worker (`exports.default.fetch` of
// cloudflare:workers) and counts the app's D1 statements (d1-statements.ts).
import generator, { AdGenerationRunner as Runner } from "../../workers/generator";
import { createWorkerApp } from "../../app/.server/app-worker/worker-app";
import { track, withoutDrainMarkers } from "./background-work";
import { countingStatements } from "./d1-statements";

export class AdGenerationRunner extends Runner {
  override async alarm(): Promise<void> {
    await track("runner alarm", () => super.alarm());
  }
}

const app = createWorkerApp(async () => new Response("page"));

export default {
  ...generator,
  fetch: (request, env, ctx) =>
    new URL(request.url).pathname.startsWith("/api/")
      ? app.fetch(request, { ...(env as unknown as Env), DB: countingStatements(env.DB) }, ctx)
      : generator.fetch(request, env),
  queue: (batch, env, ctx) =>
    track(`batch of ${batch.queue}`, () => withoutDrainMarkers(batch, (messages) => generator.queue(messages, env, ctx))),
} satisfies ExportedHandler<GeneratorEnv>;
