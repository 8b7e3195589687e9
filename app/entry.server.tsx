import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "./components/nonce";

const ABORT_DELAY_MS = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce || undefined;
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY_MS);
  request.signal.addEventListener("abort", () => controller.abort());

  const body = await renderToReadableStream(
    <NonceProvider value={nonce ?? ""}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
    </NonceProvider>,
    {
      signal: controller.signal,
      nonce,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  // Crawlers (and social-preview bots) get the complete document, not a stream of fallbacks.
  if (isbot(request.headers.get("User-Agent") ?? "")) await body.allReady;
  body.allReady.then(
    () => clearTimeout(timeout),
    () => clearTimeout(timeout),
  );

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return withLowPriorityModules(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
}

/**
 * Every page is rendered on the server, so its scripts only make it interactive: their preloads
 * ask for `fetchpriority="low"`, and on a slow phone connection the style sheet and the photo a
 * buyer came for get the bandwidth first (ADR 021). Remix's <Scripts> has no prop for it.
 */
function withLowPriorityModules(response: Response): Response {
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        link.setAttribute("fetchpriority", "low");
      },
    })
    .transform(response);
}
