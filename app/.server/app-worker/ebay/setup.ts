// "eBay einrichten" (ADR 045): a new eBay account has no inventory location, is not opted in to
// business policies and has no policy, and eBay publishes no offer without all of them
// (https://developer.ebay.com/api-docs/sell/static/inventory/publishing-offers.html). On the seller's
// confirmation this creates what is missing, and nothing twice:
// - opt in: https://developer.ebay.com/api-docs/sell/account/resources/program/methods/optInToProgram
//   (SELLING_POLICY_MANAGEMENT; eBay may take up to 24 hours, and answers 409/25803 when already in)
// - location from the profile's PLZ and Ort (./location.ts)
// - policies for EBAY_DE and ALL_EXCLUDING_MOTORS_VEHICLES, found again by their names (unique per
//   marketplace; a duplicate is refused with 20400 and the existing id):
//   https://developer.ebay.com/api-docs/sell/account/resources/fulfillment_policy/methods/createFulfillmentPolicy
//   https://developer.ebay.com/api-docs/sell/account/resources/payment_policy/methods/createPaymentPolicy
//   https://developer.ebay.com/api-docs/sell/account/resources/return_policy/methods/createReturnPolicy
// Pickup only (localPickup, no shipping service, so no handlingTime); one flat-rate domestic service
// at the seller's price (an ad's own shipping cost overrides it, offer-terms.ts); payment through
// eBay; no returns for a private seller, 14 or 30 days for a dealer (§ 355 BGB).
import type { z } from "zod";
import { policyNames, SETUP_SERVICES, setupSteps, type EbaySetupInput, type EbaySetupPlan } from "../../../lib/ebay-setup";
import type { User } from "../../db/schema";
import { PublishError } from "../../publishing/publisher";
import { ebayRead, sellerPoliciesAndLocations } from "../../ebay/account";
import { ebayRequest, type EbaySession } from "../../ebay/client";
import { getEbayConnection, saveEbaySettings, sellerSettingsOf, type EbaySellerSettings } from "../../ebay/connection";
import { ebayPublishError } from "../../ebay/errors";
import { euroAmount } from "../../ebay/inventory";
import { ensureLocation, placeOf } from "../../ebay/location";
import {
  fulfillmentPolicyCreatedSchema,
  MARKETPLACE_ID,
  paymentPolicyCreatedSchema,
  programsSchema,
  returnPolicyCreatedSchema,
  type FulfillmentPolicyRequest,
  type InventoryLocation,
  type PaymentPolicyRequest,
  type PolicyBase,
  type ReturnPolicyRequest,
} from "../../ebay/types";

const PROGRAM = "SELLING_POLICY_MANAGEMENT";
const CATEGORY_TYPES: [{ name: "ALL_EXCLUDING_MOTORS_VEHICLES" }] = [{ name: "ALL_EXCLUDING_MOTORS_VEHICLES" }];
/** Dispatched within two days of payment (api:TimeDuration), a private seller's usual promise. */
export const HANDLING_DAYS = 2;

export const PLACE_MISSING =
  "Für den Artikelstandort bei eBay brauchen wir deine Postleitzahl. Trage PLZ und Ort oben in deinem Profil ein und richte eBay dann ein.";
export const OPT_IN_PENDING =
  "eBay schaltet die Geschäftsrichtlinien für dein Konto gerade frei – das kann bis zu 24 Stunden dauern. Klicke danach noch einmal auf „eBay einrichten“; was schon angelegt ist, bleibt.";

type Named = { id: string; name: string };

async function optedIn(session: EbaySession): Promise<boolean> {
  const answer = await ebayRead(session, "/sell/account/v1/program/get_opted_in_programs", programsSchema);
  return answer.programs.some((program) => program.programType === PROGRAM);
}
type Account = {
  optedIn: boolean;
  fulfillment: Array<Named & { localPickup: boolean; ships: boolean }>;
  payment: Named[];
  returns: Named[];
  locations: InventoryLocation[];
};

/** What the seller's eBay account holds that the setup cares about. */
async function accountOf(session: EbaySession): Promise<Account> {
  const [programs, { fulfillment, payment, returns, locations }] = await Promise.all([
    optedIn(session),
    sellerPoliciesAndLocations(session),
  ]);
  return {
    optedIn: programs,
    fulfillment: fulfillment.map((policy) => ({
      id: policy.fulfillmentPolicyId,
      name: policy.name,
      localPickup: policy.localPickup,
      ships: policy.shippingOptions.some((option) => option.shippingServices.length > 0),
    })),
    payment: payment.map((policy) => ({ id: policy.paymentPolicyId, name: policy.name })),
    returns: returns.map((policy) => ({ id: policy.returnPolicyId, name: policy.name })),
    locations: locations.filter((location) => location.merchantLocationStatus !== "DISABLED"),
  };
}

function planOf(account: Account, user: Pick<User, "postalCode" | "city" | "businessType">): EbaySetupPlan {
  const place = placeOf(user);
  const noLocation = account.locations.length === 0;
  return {
    optIn: !account.optedIn,
    location: noLocation ? place : null,
    placeMissing: noLocation && !place,
    pickup: !account.fulfillment.some((policy) => policy.localPickup),
    shipping: !account.fulfillment.some((policy) => policy.ships),
    payment: account.payment.length === 0,
    returns: account.returns.length === 0,
    seller: user.businessType,
  };
}

/** What "eBay einrichten" would create for this seller now. */
export async function ebaySetupPlan(session: EbaySession, user: User): Promise<EbaySetupPlan> {
  return planOf(await accountOf(session), user);
}

/**
 * Creates a policy, or finds the one of that name a parallel request created first (20400 with
 * DuplicateProfileId). A seller eBay has not yet let in to business policies gets 20403.
 */
export async function createPolicy<T extends z.ZodType>(
  session: EbaySession,
  path: string,
  body: FulfillmentPolicyRequest | PaymentPolicyRequest | ReturnPolicyRequest,
  created: T,
  pick: (parsed: z.output<T>) => string,
): Promise<string> {
  const answer = await ebayRequest(session, { method: "POST", path, body });
  if (answer.status < 400) return pick(created.parse(answer.body));
  const duplicate = answer.errors
    .find((error) => error.errorId === 20400)
    ?.parameters?.find((parameter) => parameter.name === "DuplicateProfileId")?.value;
  if (duplicate) return duplicate;
  // Refused as not eligible: eBay has not yet let the seller in (opting in can take up to 24 hours).
  if (answer.errors.some((error) => error.errorId === 20403) && !(await optedIn(session))) throw new PublishError(OPT_IN_PENDING, 409);
  throw ebayPublishError(answer.status, answer.errors);
}

async function optIn(session: EbaySession): Promise<void> {
  const answer = await ebayRequest(session, { method: "POST", path: "/sell/account/v1/program/opt_in", body: { programType: PROGRAM } });
  // Already in (or on the way in): eBay answers 409 with 25803.
  if (answer.status >= 400 && answer.status !== 409) throw ebayPublishError(answer.status, answer.errors);
}

export const base = (name: string): PolicyBase => ({ name, marketplaceId: MARKETPLACE_ID, categoryTypes: CATEGORY_TYPES });

function shippingPolicy(name: string, input: EbaySetupInput): FulfillmentPolicyRequest {
  const service = SETUP_SERVICES.find((entry) => entry.label === input.service) ?? SETUP_SERVICES[0];
  return {
    ...base(name),
    handlingTime: { unit: "DAY", value: HANDLING_DAYS },
    shippingOptions: [
      {
        optionType: "DOMESTIC",
        costType: "FLAT_RATE",
        shippingServices: [
          {
            sortOrder: 1,
            shippingCarrierCode: service.carrier,
            shippingServiceCode: service.code,
            shippingCost: euroAmount(input.shippingCostCents),
          },
        ],
      },
    ],
  };
}

function returnPolicy(name: string, seller: EbaySetupPlan["seller"], input: EbaySetupInput): ReturnPolicyRequest {
  return seller === "commercial"
    ? { ...base(name), returnsAccepted: true, returnPeriod: { unit: "DAY", value: input.returnDays }, returnShippingCostPayer: "BUYER" }
    : { ...base(name), returnsAccepted: false };
}

export type EbaySetupResult = { created: string[]; settings: EbaySellerSettings };

/**
 * Creates what the seller's eBay account lacks (on the seller's confirmation) and saves the settings:
 * the chosen ones stay, the new ones fill the gaps. A second run creates nothing.
 */
export async function setUpEbaySeller(session: EbaySession, user: User, input: EbaySetupInput): Promise<EbaySetupResult> {
  const account = await accountOf(session);
  const plan = planOf(account, user);
  if (plan.placeMissing) throw new PublishError(PLACE_MISSING, 409);
  const names = policyNames(input, plan.seller);
  if (plan.optIn) await optIn(session);

  const location = plan.location
    ? await ensureLocation(session, plan.location, account.locations)
    : account.locations[0].merchantLocationKey;
  const pickup = plan.pickup
    ? await createPolicy(
        session,
        "/sell/account/v1/fulfillment_policy/",
        { ...base(names.pickup), localPickup: true },
        fulfillmentPolicyCreatedSchema,
        (parsed) => parsed.fulfillmentPolicyId,
      )
    : account.fulfillment.find((policy) => policy.localPickup)!.id;
  const shipping = plan.shipping
    ? await createPolicy(
        session,
        "/sell/account/v1/fulfillment_policy/",
        shippingPolicy(names.shipping, input),
        fulfillmentPolicyCreatedSchema,
        (parsed) => parsed.fulfillmentPolicyId,
      )
    : account.fulfillment.find((policy) => policy.ships)!.id;
  const payment = plan.payment
    ? await createPolicy(
        session,
        "/sell/account/v1/payment_policy",
        { ...base(names.payment), immediatePay: false },
        paymentPolicyCreatedSchema,
        (parsed) => parsed.paymentPolicyId,
      )
    : account.payment[0].id;
  const returns = plan.returns
    ? await createPolicy(
        session,
        "/sell/account/v1/return_policy",
        returnPolicy(names.returns, plan.seller, input),
        returnPolicyCreatedSchema,
        (parsed) => parsed.returnPolicyId,
      )
    : account.returns[0].id;

  const chosen = sellerSettingsOf(await getEbayConnection(session.db, session.userId));
  const settings: EbaySellerSettings = {
    fulfillmentPolicyId: chosen?.fulfillmentPolicyId ?? shipping,
    paymentPolicyId: chosen?.paymentPolicyId ?? payment,
    returnPolicyId: chosen?.returnPolicyId ?? returns,
    merchantLocationKey: chosen?.merchantLocationKey ?? location,
    pickupPolicyId: chosen?.pickupPolicyId ?? pickup,
  };
  await saveEbaySettings(session.db, session.userId, settings);
  return { created: setupSteps(plan, input), settings };
}
