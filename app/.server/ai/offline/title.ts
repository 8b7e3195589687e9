// Titles per platform: the item (brand + model) first, then the attributes buyers search for
// (capacity, load, screen or wheel size, colour; then condition, size, frame size, battery, OVP,
// "nur Abholung" for bulky items), added in order of relevance while they fit the platform's
// limit — whole phrases only, never cut mid-word.
import { PLATFORMS, cutOnWord, type Platform } from "../../../lib/platforms";
import type { Condition } from "./condition";
import type { Attributes, Item } from "./item";

function mentions(name: string, value: string) {
  const core = value.replace(/^Gr\.\s*/, "").toLowerCase();
  return new RegExp(
    `(^|[^\\p{L}\\d])(gr(?:öße|\\.)?\\s*)?${core.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s/g, "\\s?")}(?=$|[^\\p{L}\\d])`,
    "iu",
  ).test(name);
}

export function buildTitle(platform: Platform, item: Item, attributes: Attributes, condition: Condition): string {
  const max = PLATFORMS[platform].titleMax;
  const name = cutOnWord(item.name, max);
  // The core keeps the item's own words; capacity and colour join it unless already there.
  const coreParts = [name];
  for (const value of [attributes.capacity, attributes.load, attributes.inches, attributes.colour]) {
    if (value && !mentions(name, value)) coreParts.push(value);
  }
  const highlights = [
    // The condition in the seller's words ("kaum benutzt"), never a better label the seller did not
    // write; a broken item says "defekt", which claims nothing in the seller's favour.
    condition.label === "Defekt – für Bastler" ? "defekt" : condition.stated ? condition.words : null,
    attributes.size && !mentions(name, attributes.size) ? attributes.size : null,
    attributes.frame,
    attributes.battery,
    attributes.hasBox && condition.label !== "Neu" ? "mit OVP" : attributes.hasBox ? "OVP" : null,
    attributes.accidentFree ? "unfallfrei" : null,
    attributes.pickupOnly ? "nur Abholung" : null,
  ].filter((value): value is string => Boolean(value));

  let core = "";
  for (const part of coreParts) {
    const next = core ? `${core} ${part}` : part;
    if (next.length <= max) core = next;
  }
  let title = core;
  const added: string[] = [];
  for (const highlight of highlights) {
    const next = `${core} – ${[...added, highlight].join(", ")}`;
    if (next.length <= max) {
      added.push(highlight);
      title = next;
    }
  }
  return title;
}
