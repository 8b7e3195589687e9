// Chooses the AI adapter from validated configuration (generator/env.ts guarantees what each one needs).
import type { GeneratorConfig } from "../env";
import { ConfigError } from "../../config";
import { offlineProvider } from "./offline/adapter";
import { createOpenAiProvider } from "./openai";
import type { AiProvider } from "../../ai/types";
import { createWorkersAiProvider, type AiBinding } from "./workers-ai";
import { createWorkersAiDouble } from "./workers-ai-double";

export function getAiProvider(config: GeneratorConfig, bindings: { AI?: AiBinding }): AiProvider {
  switch (config.AI_PROVIDER) {
    case "offline":
      return offlineProvider;
    case "openai":
      return createOpenAiProvider({ baseUrl: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY ?? "", model: config.OPENAI_MODEL });
    case "workers-ai":
      if (config.AI_BINDING === "local-double")
        return createWorkersAiProvider(createWorkersAiDouble({ latencyMs: config.AI_DOUBLE_LATENCY_MS }), config.AI_MODEL);
      if (!bindings.AI) throw new ConfigError("AI_PROVIDER=workers-ai needs the AI binding (see wrangler.generator.toml [env.production])");
      return createWorkersAiProvider(bindings.AI, config.AI_MODEL);
  }
}
