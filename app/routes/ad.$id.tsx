// /ad/{id}: the public page of a finished ad, made for shared links and crawlers (docs/PRODUCT.md, "Pages").
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { readPublicAd } from "~/.server/app-worker/ads/views";
import { NOT_FINAL_CACHE_CONTROL } from "~/.server/app-worker/edge-cache/policy";
import { AdGallery } from "~/components/ads/ad-gallery";
import { AdMarkup } from "~/components/ads/ad-markup";
import { ErrorPage } from "~/components/error-page";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useNonce } from "~/components/nonce";
import { buttonClasses } from "~/components/ui/button";
import { categoryLabel } from "~/lib/categories";
import { listingButtonLabel } from "~/lib/listing-url";
import { adSummary } from "~/lib/ad-summary";
import { BRAND_IMAGES, pageMeta } from "~/lib/page-meta";
import { toPlainText } from "~/lib/plain-text";
import { jsonLdText, productJsonLd } from "~/lib/product-json-ld";

export const OG_IMAGE = { width: 800, height: 600, fallback: BRAND_IMAGES.default } as const;

export async function loader({ params, context }: LoaderFunctionArgs) {
  // The same read as GET /api/ads/public/{id} (ADR 031): one id schema, one view, one finality.
  const view = await readPublicAd(context.cloudflare.env, params.id);
  if (!view) throw new Response("Anzeige nicht gefunden", { status: 404 });
  const { ad } = view;
  const base = context.config.PUBLIC_BASE_URL;
  const page = {
    ad,
    url: `${base}/ad/${ad.id}`,
    ogImage: `${base}${ad.coverImageUrl ?? OG_IMAGE.fallback}`,
  };
  // Until the generator has made the missing cover or display copies, the page is not final: not edge-cached.
  return data(page, view.final ? undefined : { headers: { "Cache-Control": NOT_FINAL_CACHE_CONTROL } });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Anzeige nicht gefunden – AnzeigenPilot" }, { name: "robots", content: "noindex" }];
  const { ad } = data;
  const title = ad.optimizedTitle ?? ad.itemName;
  // A written summary (price, condition, place, marketplace, the ad's opening), not the raw text.
  const summary = adSummary({
    title,
    priceLabel: ad.priceLabel,
    sold: ad.sold,
    condition: ad.condition,
    city: ad.sellerCity,
    listingUrl: ad.listingUrl,
    description: ad.optimizedDescription,
  });
  return pageMeta({
    title,
    description: summary.meta,
    ogDescription: summary.og,
    twitterDescription: summary.twitter,
    canonical: data.url,
    type: "article",
    image: data.ogImage,
    imageSize: OG_IMAGE,
    imageAlt: ad.coverImageUrl ? `Foto: ${title}` : title,
  });
};

export default function PublicAd() {
  const { ad, url } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const title = ad.optimizedTitle ?? ad.itemName;
  const listingLabel = ad.listingUrl ? listingButtonLabel(ad.listingUrl) : null;
  const jsonLd = productJsonLd({
    url,
    title,
    description: toPlainText(ad.optimizedDescription ?? ""),
    images: ad.imageUrls.map((src) => new URL(src, url).toString()),
    priceCents: ad.price,
    condition: ad.condition,
    brand: ad.brand,
    sold: ad.sold,
  });
  return (
    <>
      <SiteHeader />
      <main className="mx-auto max-w-3xl px-4 py-8">
        <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLdText(jsonLd) }} />
        <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <AdGallery photos={ad.imageUrls} title={title} />
          <div className="space-y-4 p-5">
            <p className="text-sm text-slate-600">
              {categoryLabel(ad.category)}
              {ad.sellerCity ? <span data-testid="seller-city"> · 📍 {ad.sellerCity}</span> : null}
            </p>
            <h1 className="text-2xl font-extrabold text-slate-900">{title}</h1>
            {ad.sold ? (
              <p className="inline-block rounded-full bg-slate-800 px-3 py-1 text-sm font-semibold text-white" data-testid="public-sold">
                Verkauft
              </p>
            ) : null}
            {ad.priceLabel ? (
              <p className="text-xl font-bold text-primary-800" data-testid="public-price">
                {ad.priceLabel}
              </p>
            ) : null}
            {ad.offerLine ? (
              <p className="text-sm text-slate-700" data-testid="public-offer">
                {ad.offerLine}
              </p>
            ) : null}
            {ad.listingUrl && listingLabel && !ad.sold ? (
              <a href={ad.listingUrl} rel="noopener nofollow" className={buttonClasses("accent", "lg", "w-full sm:w-auto")}>
                {listingLabel}
              </a>
            ) : null}
            <AdMarkup text={ad.optimizedDescription ?? ""} className="space-y-1 text-slate-800" />
          </div>
        </article>
        <aside className="mt-6 rounded-2xl bg-primary-50 p-6 text-center">
          <h2 className="text-lg font-bold text-primary-900">Diese Anzeige wurde mit AnzeigenPilot erstellt</h2>
          <p className="mt-1 text-primary-900">Fotos hochladen, zwei Stichworte – deine Anzeige ist in 30 Sekunden fertig.</p>
          <a href="/api/login" className={buttonClasses("accent", "lg", "mt-4")}>
            Eigene Anzeige kostenlos erstellen
          </a>
        </aside>
      </main>
      <SiteFooter />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <SiteHeader />
        <main className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
          <h1 className="text-3xl font-extrabold text-slate-900">Anzeige nicht gefunden</h1>
          <p className="text-slate-700">Diese Anzeige gibt es nicht (mehr) oder sie wird gerade noch erstellt.</p>
          <Link to="/" className={buttonClasses("primary")}>
            Zur Startseite
          </Link>
        </main>
      </>
    );
  }
  return <ErrorPage error={error} />;
}
