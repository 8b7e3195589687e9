// /sitemap.xml: the public pages (public ads are reached through shared links, not listed).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

export const PUBLIC_PATHS = ["/", "/blog", "/investors", "/impressum", "/datenschutz", "/agb"];

export function loader({ context }: LoaderFunctionArgs) {
  const base = context.config.PUBLIC_BASE_URL;
  const urls = PUBLIC_PATHS.map((path) => `  <url><loc>${base}${path === "/" ? "/" : path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
