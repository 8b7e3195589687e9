// /robots.txt: private areas stay out of search engines; the sitemap is named with its absolute URL.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

export function loader({ context }: LoaderFunctionArgs) {
  const text = [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /docs",
    "Disallow: /dev/",
    "Allow: /",
    "",
    `Sitemap: ${context.config.PUBLIC_BASE_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(text, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
