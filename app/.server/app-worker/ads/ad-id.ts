// The one ad-id schema: path parameters of the API, the public page's loader and the edge cache
// all accept exactly the ids `crypto.randomUUID()` makes (AD_ID_PATTERN, storage/photo-keys.ts).
// Anything else names no ad: 404.
import { z } from "zod";
import { AD_ID_PATTERN } from "../../storage/photo-keys";

export const adIdSchema = z
  .string()
  .regex(new RegExp(`^${AD_ID_PATTERN}$`))
  .meta({ format: "uuid", description: "ID der Anzeige", examples: ["3f2b8c1e-7a4d-4e9b-9c2f-1d5e6a7b8c9d"] });

/** `{ id }` path parameters of the ad endpoints. */
export const adIdParams = z.object({ id: adIdSchema });

/** The ad id, or null for any value that names no ad. */
export function parseAdId(value: unknown): string | null {
  const result = adIdSchema.safeParse(value);
  return result.success ? result.data : null;
}
