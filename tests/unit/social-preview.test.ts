import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { applyOrientation, jpegOrientationTag } from "~/.server/images/orientation";
import { neutraliseOrientation } from "~/.server/images/source";
import { axisTaps, centredWindow, cropAndScale } from "~/.server/images/resample";
import { readImageSize } from "~/.server/storage/image-info";
import { adFacts, adSummary, openingSentences } from "~/lib/ad-summary";
import { BRAND_IMAGES, pageMeta } from "~/lib/page-meta";

const OFFLINE_AD = [
  "📦 **Bosch Akkuschrauber GSR 18V-60 C**",
  "Ich verkaufe meinen Bosch Akkuschrauber GSR 18V-60 C in sehr gutem Zustand.",
  "",
  "✨ **Zustand: Sehr gut**",
  "- Kleiner Kratzer am Griff",
  "",
  "🔧 **Details**",
  "- **Marke:** Bosch",
  "",
  "Bei Fragen einfach melden.",
].join("\n");

describe("the written summary of an ad (og:description)", () => {
  const input = {
    title: "Bosch Akkuschrauber GSR 18V-60 C",
    priceLabel: "140 € VB",
    sold: false,
    condition: "Sehr gut",
    city: "Hamburg",
    listingUrl: "https://www.kleinanzeigen.de/s-anzeige/bosch/123-84-1",
    description: OFFLINE_AD,
  };

  it("names the price as the seller gave it, condition, place and marketplace, then the ad's opening sentence", () => {
    expect(adSummary(input).og).toBe(
      "Preis: 140 € VB · Zustand: Sehr gut · Standort: Hamburg · Angebot auf Kleinanzeigen. Ich verkaufe meinen Bosch Akkuschrauber GSR 18V-60 C in sehr gutem Zustand.",
    );
  });

  it("leaves out what is unknown, names a marketplace only where the ad is online, and says 'Verkauft'", () => {
    expect(adFacts({ ...input, priceLabel: "5,95 €", condition: null, city: null, listingUrl: null })).toBe("Preis: 5,95 €.");
    expect(adFacts({ ...input, priceLabel: "1.200 € Festpreis", listingUrl: "https://www.ebay.de/itm/123" })).toBe(
      "Preis: 1.200 € Festpreis · Zustand: Sehr gut · Standort: Hamburg · Angebot auf eBay.",
    );
    expect(adFacts({ ...input, priceLabel: "Zu verschenken", condition: null, listingUrl: null })).toBe(
      "Zu verschenken · Standort: Hamburg.",
    );
    expect(adFacts({ ...input, priceLabel: null, condition: null, city: null, listingUrl: null })).toBe("");
    expect(adFacts({ ...input, sold: true })).toBe("Verkauft · Preis: 140 € VB · Zustand: Sehr gut · Standort: Hamburg.");
  });

  it("skips the title line, emoji headings and bullets, and stops at the first paragraph", () => {
    expect(openingSentences(OFFLINE_AD, input.title)).toBe("Ich verkaufe meinen Bosch Akkuschrauber GSR 18V-60 C in sehr gutem Zustand.");
    expect(openingSentences("**Zustand:**\n- gut\n\nSchönes Rad. *Kaum* gefahren.\nMit Licht.\n\nPrivatverkauf.", "Rad")).toBe(
      "Schönes Rad. Kaum gefahren. Mit Licht.",
    );
    expect(openingSentences("📦 Nur Überschriften\n- und Punkte", "x")).toBe("");
  });

  it("cuts each variant on a word to 160 / 300 / 200 characters", () => {
    const long = { ...input, description: `Einleitung ${"sehr langer Text ".repeat(40)}` };
    const summary = adSummary(long);
    expect(summary.meta.length).toBeLessThanOrEqual(160);
    expect(summary.og.length).toBeLessThanOrEqual(300);
    expect(summary.twitter.length).toBeLessThanOrEqual(200);
    expect(summary.meta).toMatch(/\S…$/);
    expect(summary.meta.startsWith("Preis: 140 € VB")).toBe(true);
  });
});

describe("the meta helper", () => {
  const tags = pageMeta({
    title: "Impressum",
    description: "Anbieterkennzeichnung.",
    canonical: "https://anzeigenpilot.de/impressum",
    image: BRAND_IMAGES.legal,
  });
  const content = (key: string) =>
    (tags.find((tag) => ("property" in tag ? tag.property === key : "name" in tag && tag.name === key)) as { content?: string } | undefined)
      ?.content;

  it("gives complete Open Graph and Twitter tags with absolute URLs", () => {
    expect(tags[0]).toEqual({ title: "Impressum – AnzeigenPilot" });
    expect(content("og:url")).toBe("https://anzeigenpilot.de/impressum");
    expect(content("og:image")).toBe("https://anzeigenpilot.de/og-legal.png");
    expect(content("og:image:secure_url")).toBe("https://anzeigenpilot.de/og-legal.png");
    expect(content("twitter:image")).toBe("https://anzeigenpilot.de/og-legal.png");
    expect(content("twitter:card")).toBe("summary_large_image");
    expect(content("og:type")).toBe("website");
    for (const key of [
      "og:title",
      "og:description",
      "og:site_name",
      "og:locale",
      "og:image:width",
      "og:image:height",
      "og:image:alt",
      "twitter:title",
      "twitter:description",
    ]) {
      expect(content(key), key).toBeTruthy();
    }
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://anzeigenpilot.de/impressum" });
  });

  it("keeps an absolute image as it is", () => {
    const ad = pageMeta({
      title: "Sofa",
      description: "x",
      canonical: "https://anzeigenpilot.de/ad/1",
      image: "https://anzeigenpilot.de/images/ads/1/a-cover.jpg",
      type: "article",
    });
    expect((ad.find((tag) => "property" in tag && tag.property === "og:image") as { content?: string } | undefined)?.content).toBe(
      "https://anzeigenpilot.de/images/ads/1/a-cover.jpg",
    );
  });

  it.each(Object.values(BRAND_IMAGES))("brand image %s exists in public/ as an 800×600 PNG", (path) => {
    const bytes = new Uint8Array(readFileSync(`public${path}`));
    expect(readImageSize(bytes)).toEqual({ width: 800, height: 600 });
  });
});

describe("crop and scale to the cover size", () => {
  it("takes the largest centred window of the target's aspect ratio", () => {
    expect(centredWindow(900, 1800, 800, 600)).toEqual({ x: 0, y: 562.5, width: 900, height: 675 });
    expect(centredWindow(1600, 600, 800, 600)).toEqual({ x: 400, y: 0, width: 800, height: 600 });
  });

  it("weights sum to one, down and up", () => {
    for (const taps of [axisTaps(0, 1000, 3, 1000), axisTaps(10, 30, 800, 50)]) {
      for (const { weight, index } of taps) {
        expect(weight.reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 5);
        for (const i of index) expect(i).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("averages the pixels it shrinks, crops the middle and lays transparency on white", () => {
    // 4×2: left half black, right half white, fully opaque → 2×1 … then crop of a 6×2 to 4:2 drops the outer columns.
    const rgba = (pixels: number[][]) => ({ data: Uint8ClampedArray.from(pixels.flat()), width: 0, height: 0 });
    const stripes = {
      ...rgba([
        [0, 0, 0, 255],
        [0, 0, 0, 255],
        [255, 255, 255, 255],
        [255, 255, 255, 255],
        [0, 0, 0, 255],
        [0, 0, 0, 255],
        [255, 255, 255, 255],
        [255, 255, 255, 255],
      ]),
      width: 4,
      height: 2,
    };
    expect(Array.from(cropAndScale(stripes, 2, 1))).toEqual([0, 0, 0, 255, 255, 255, 255, 255]);
    expect(Array.from(cropAndScale(stripes, 1, 1))).toEqual([128, 128, 128, 255]);
    const wide = {
      ...rgba(Array.from({ length: 12 }, (_, i) => (i % 6 === 0 || i % 6 === 5 ? [255, 0, 0, 255] : [0, 0, 255, 255]))),
      width: 6,
      height: 2,
    };
    expect(Array.from(cropAndScale(wide, 2, 1))).toEqual([0, 0, 255, 255, 0, 0, 255, 255]);
    const transparent = { data: Uint8ClampedArray.from([10, 20, 30, 0]), width: 1, height: 1 };
    expect(Array.from(cropAndScale(transparent, 2, 2))).toEqual(Array.from({ length: 4 }, () => [255, 255, 255, 255]).flat());
  });
});

describe("EXIF orientation", () => {
  /** What the Images binding is told: the tag's value, 1 (as stored) when there is none. */
  const jpegOrientation = (bytes: Uint8Array) => jpegOrientationTag(bytes)?.orientation ?? 1;

  /** SOI, an APP1 Exif block with one IFD entry (0x0112), then SOS. */
  function jpegWithOrientation(orientation: number, little: boolean) {
    const u16 = (value: number) => (little ? [value & 0xff, value >> 8] : [value >> 8, value & 0xff]);
    const u32 = (value: number) => (little ? [value & 0xff, 0, 0, 0] : [0, 0, 0, value & 0xff]);
    const tiff = [
      ...(little ? [0x49, 0x49] : [0x4d, 0x4d]),
      ...u16(42),
      ...u32(8),
      ...u16(1),
      ...u16(0x0112),
      ...u16(3),
      ...u32(1),
      ...u16(orientation),
      0,
      0,
      ...u32(0),
    ];
    const payload = [...new TextEncoder().encode("Exif\0\0"), ...tiff];
    return new Uint8Array([0xff, 0xd8, 0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload, 0xff, 0xda, 0, 2]);
  }

  it("is read from big- and little-endian EXIF, and is 1 without it", () => {
    expect(jpegOrientation(jpegWithOrientation(6, false))).toBe(6);
    expect(jpegOrientation(jpegWithOrientation(8, true))).toBe(8);
    expect(jpegOrientation(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBe(1);
    expect(jpegOrientation(jpegWithOrientation(42, false))).toBe(1);
  });

  it("is set to 1 in the stream handed to the Images binding, whatever the chunks, and no other byte changes", async () => {
    for (const little of [false, true]) {
      const jpeg = jpegWithOrientation(6, little);
      const tag = jpegOrientationTag(jpeg)!;
      // One byte per chunk: the tag's two bytes arrive in different chunks.
      const bytes = Array.from(jpeg, (byte) => new Uint8Array([byte]));
      const stream = new ReadableStream<Uint8Array>({
        pull: (controller) => void (bytes.length ? controller.enqueue(bytes.shift()!) : controller.close()),
      });
      const out = new Uint8Array(await new Response(stream.pipeThrough(neutraliseOrientation(tag))).arrayBuffer());
      expect(jpegOrientation(out)).toBe(1);
      expect(out.filter((byte, index) => byte !== jpeg[index]).length).toBe(1);
      expect(out.length).toBe(jpeg.length);
    }
  });

  it("turns and mirrors the image as a viewer shows it", () => {
    // 2×1: A B  (A = 1, B = 2 in the red channel)
    const image = { data: Uint8ClampedArray.from([1, 0, 0, 255, 2, 0, 0, 255]), width: 2, height: 1 };
    const reds = (orientation: number) => {
      const shown = applyOrientation(image, orientation);
      return { size: [shown.width, shown.height], reds: Array.from(shown.data).filter((_, i) => i % 4 === 0) };
    };
    expect(reds(1)).toEqual({ size: [2, 1], reds: [1, 2] });
    expect(reds(2)).toEqual({ size: [2, 1], reds: [2, 1] });
    expect(reds(3)).toEqual({ size: [2, 1], reds: [2, 1] });
    expect(reds(6)).toEqual({ size: [1, 2], reds: [1, 2] }); // 90° clockwise: A on top
    expect(reds(8)).toEqual({ size: [1, 2], reds: [2, 1] }); // 90° counter-clockwise: B on top
  });
});
