// How long a seller's note may be: the create form, the API and the landing page's draft read it.
// Its own module without zod, so the landing draft stays light (ADR 018). The photo limits are in
// photo-limits.ts, the item name's in item-name.ts.
export const DESCRIPTION_MAX = 2000;

/** How many processing ads one wait of the dashboard names (GET /api/ads/changes, ADR 063). */
export const CHANGES_MAX_ADS = 20;
