// The meta tags every content page sets: title, German description, canonical URL.
import type { MetaDescriptor } from "@remix-run/cloudflare";

export function pageMeta(options: { title: string; description: string; canonical?: string }): MetaDescriptor[] {
  return [
    { title: `${options.title} – AnzeigenPilot` },
    { name: "description", content: options.description },
    ...(options.canonical ? [{ tagName: "link", rel: "canonical", href: options.canonical }] : []),
  ];
}
