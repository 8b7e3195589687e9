// The one client the local fake eBay (fakes/ebay.mjs) accepts. No Node imports: the workers tests
// (inside workerd) read these too.
export const FAKE_EBAY_CLIENT_ID = "AnzeigenPilot-fake-PRD-0000";
export const FAKE_EBAY_CLIENT_SECRET = "PRD-fake-client-secret";
export const FAKE_EBAY_RU_NAME = "AnzeigenPilot-fake-RuName";
