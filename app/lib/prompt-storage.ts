// The seller's four AI prompts in local storage (spec §3), under one key prefix. Only prompts that
// differ from the defaults travel with ad creation as overrides (DECISIONS.md).
import { PROMPT_KEYS, type PromptKey } from "./ad-input";
import { DEFAULT_PROMPTS } from "./prompts";

export const PROMPT_STORAGE_PREFIX = "anzeigenpilot.prompt.";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readPrompt(key: PromptKey): string {
  return storage()?.getItem(PROMPT_STORAGE_PREFIX + key) ?? DEFAULT_PROMPTS[key];
}

export function writePrompt(key: PromptKey, value: string | null) {
  const store = storage();
  if (!store) return;
  if (value === null || value === DEFAULT_PROMPTS[key]) store.removeItem(PROMPT_STORAGE_PREFIX + key);
  else store.setItem(PROMPT_STORAGE_PREFIX + key, value);
}

export function readPromptOverrides(): Partial<Record<PromptKey, string>> {
  const overrides: Partial<Record<PromptKey, string>> = {};
  for (const key of PROMPT_KEYS) {
    const value = readPrompt(key);
    if (value.trim() && value !== DEFAULT_PROMPTS[key]) overrides[key] = value;
  }
  return overrides;
}
