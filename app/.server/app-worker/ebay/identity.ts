// The seller's immutable eBay user id, read once at connect time with the fresh user token
// (ADR 049): Commerce Identity API getUser, GET https://apiz.ebay.com/commerce/identity/v1/user/
// with the scope commerce.identity.readonly
// (https://developer.ebay.com/api-docs/commerce/identity/resources/user/methods/getUser,
// https://developer.ebay.com/api-docs/commerce/identity/types/api:UserResponse: "userId — the eBay
// immutable user ID of the user's account"). eBay's account-deletion notifications name the user by
// this id; the username is not kept (a user can change it, and it is personal data we do not need).
import { z } from "zod";
import { PublishError } from "../../publishing/publisher";
import type { EbayConfig } from "../../ebay/config";
import { EBAY_UNREACHABLE } from "../../ebay/errors";

const userSchema = z.object({ userId: z.string().min(1).max(100) });

export async function ebayUserId(config: EbayConfig, accessToken: string): Promise<string> {
  const response = await fetch(`${config.identityUrl}/commerce/identity/v1/user/`, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
  }).catch(() => {
    throw new PublishError(EBAY_UNREACHABLE, 502);
  });
  const parsed = userSchema.safeParse(await response.json().catch(() => null));
  if (!response.ok || !parsed.success) throw new PublishError("eBay hat dein Konto nicht bestätigt. Bitte verbinde eBay erneut.", 502);
  return parsed.data.userId;
}
