// The fake eBay's one router (fakes/ebay.mjs): each API module (ebay-inventory.mjs, ebay-account.mjs,
// ebay-taxonomy.mjs, ebay-metadata.mjs, ebay-media.mjs, ebay-notifications.mjs) gives a table of
// { method, pattern, handler } under its path prefix; a request reaches it after the token and
// contract checks in ebay.mjs. An API whose every operation needs a seller's token refuses before
// matching (`sellerRefusal`); a request no operation takes is refused as eBay does: 401 without a
// seller's token, else 404.
import { INVALID_TOKEN, notFound } from "./ebay-answers.mjs";

/**
 * @typedef {import("./types").EbayApi} EbayApi
 * @typedef {import("./types").EbayRequest} EbayRequest
 * @typedef {import("./types").Route<any>} AnyRoute
 * @typedef {import("./types").RouteAnswer} RouteAnswer
 */

/**
 * The first route of `routes` that takes the request, and its path match.
 * @template {AnyRoute} R
 * @param {R[]} routes
 * @param {string} method
 * @param {string} path
 * @returns {[R, RegExpExecArray] | null}
 */
function routeFor(routes, method, path) {
  for (const route of routes) {
    if (route.method !== "*" && route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (match) return [route, match];
  }
  return null;
}

/**
 * Answers one request with the API whose prefix its path has.
 * @param {EbayApi[]} apis
 * @param {EbayRequest} request
 * @returns {RouteAnswer}
 */
export function dispatch(apis, request) {
  const { method, seller } = request;
  const path = request.url.pathname;
  const unknown = () => (seller ? notFound(method, path) : INVALID_TOKEN);
  const api = apis.find((entry) => path.startsWith(entry.prefix));
  if (!api) return unknown();
  if (api.sellerRefusal) {
    if (!seller) return api.sellerRefusal;
    const found = routeFor(api.routes, method, path);
    return (found && found[0].handler({ ...request, seller }, found[1])) ?? unknown();
  }
  const found = routeFor(api.routes, method, path);
  return (found && found[0].handler(request, found[1])) ?? unknown();
}
