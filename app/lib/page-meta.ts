// The head of every public page in one place: title, description, canonical URL, and complete
// Open Graph and Twitter tags with an absolute image URL, so a shared link previews well anywhere
// (Facebook, WhatsApp, LinkedIn, Slack, X). Pages without a photo of their own use a brand image.
import type { MetaDescriptor } from "@remix-run/cloudflare";

export const SITE_NAME = "AnzeigenPilot";

/** Brand images in public/ (scripts/render-brand-assets.mjs), all 800×600 like the ad covers. */
export const BRAND_IMAGES = {
  default: "/og-default.png",
  blog: "/og-blog.png",
  investors: "/og-investors.png",
  legal: "/og-legal.png",
} as const;

export const OG_IMAGE_SIZE = { width: 800, height: 600 } as const;

export type PageMetaOptions = {
  /** The page's own title; the document title adds " – AnzeigenPilot" unless `documentTitle` is given. */
  title: string;
  documentTitle?: string;
  /** Meta description (≤ 160 characters). */
  description: string;
  /** Longer texts for the previews, where a page has them (og ≤ 300, twitter ≤ 200). */
  ogDescription?: string;
  twitterDescription?: string;
  /** Absolute URL of the page (from PUBLIC_BASE_URL); undefined only on error pages. */
  canonical?: string;
  /** Path or absolute URL; made absolute against the canonical URL. */
  image?: string;
  imageAlt?: string;
  imageSize?: { width: number; height: number };
  type?: "website" | "article";
};

function absolute(url: string, base: string | undefined): string {
  if (!base) return url;
  return new URL(url, base).toString();
}

export function pageMeta(options: PageMetaOptions): MetaDescriptor[] {
  const image = absolute(options.image ?? BRAND_IMAGES.default, options.canonical);
  const size = options.imageSize ?? OG_IMAGE_SIZE;
  const ogDescription = options.ogDescription ?? options.description;
  return [
    { title: options.documentTitle ?? `${options.title} – ${SITE_NAME}` },
    { name: "description", content: options.description },
    ...(options.canonical ? [{ tagName: "link", rel: "canonical", href: options.canonical }] : []),
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "de_DE" },
    { property: "og:title", content: options.title },
    { property: "og:description", content: ogDescription },
    ...(options.canonical ? [{ property: "og:url", content: options.canonical }] : []),
    { property: "og:image", content: image },
    ...(image.startsWith("https://") ? [{ property: "og:image:secure_url", content: image }] : []),
    { property: "og:image:width", content: String(size.width) },
    { property: "og:image:height", content: String(size.height) },
    { property: "og:image:alt", content: options.imageAlt ?? options.title },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: options.title },
    { name: "twitter:description", content: options.twitterDescription ?? ogDescription },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: options.imageAlt ?? options.title },
  ];
}

/** The legal pages (Impressum, Datenschutz, AGB) share one preview image. */
export function legalPageMeta(options: Pick<PageMetaOptions, "title" | "description" | "canonical">): MetaDescriptor[] {
  return pageMeta({ ...options, image: BRAND_IMAGES.legal, imageAlt: "AnzeigenPilot – Impressum, Datenschutz und AGB" });
}
