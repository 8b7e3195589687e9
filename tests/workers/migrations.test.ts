import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ads, users } from "~/.server/db/schema";
import { db, insertAd, insertUser } from "./helpers";

describe("D1 migrations", () => {
  it("create every table of the data model", async () => {
    const { results } = await env.DB.prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'd1_%' and name != '_cf_METADATA' order by name",
    ).all<{ name: string }>();
    expect(results.map((row) => row.name)).toEqual([
      "activity_logs",
      "ads",
      "ebay_application_tokens",
      "free_ad_grants",
      "invites",
      "listings",
      "magic_link_tokens",
      "marketplace_connections",
      "open_waits",
      "outbox_mails",
      "photo_uploads",
      "price_cut_plans",
      "processed_payment_events",
      "sessions",
      "token_key_rings",
      "users",
    ]);
  });

  it("give a new user one free credit, the free plan, the user role and private seller type", async () => {
    await env.DB.prepare("insert into users (id, email) values (?, ?)").bind("u1", "neu@example.de").run();
    const [user] = await db().select().from(users).where(eq(users.id, "u1"));
    expect(user).toMatchObject({
      adCredits: 1,
      planType: "free",
      role: "user",
      businessType: "private",
      monthlyAllowance: 0,
      subscriptionStatus: null,
      preferredPlatform: "kleinanzeigen",
      promptSettings: null,
    });
    expect(user.createdAt).toBeGreaterThan(Date.now() - 60_000);
    expect(user.updatedAt).toBe(user.createdAt);
  });

  it("keep e-mail addresses unique and lower-cased", async () => {
    await insertUser({ email: "anna@example.de" });
    await expect(insertUser({ email: "anna@example.de" })).rejects.toThrow();
    await expect(insertUser({ email: "Anna@Example.de" })).rejects.toThrow();
  });

  it("start an ad as processing with no photos and no attempts", async () => {
    const user = await insertUser();
    const ad = await insertAd(user.id);
    expect(ad).toMatchObject({ status: "processing", imageUrls: [], attempts: 0, platform: "kleinanzeigen", listingUrl: null });
  });

  it("delete a user's ads with the user", async () => {
    const user = await insertUser();
    await insertAd(user.id);
    await db().delete(users).where(eq(users.id, user.id));
    expect(await db().select().from(ads).where(eq(ads.userId, user.id))).toEqual([]);
  });

  it("index every lookup the product makes", async () => {
    const { results } = await env.DB.prepare("select name from sqlite_master where type = 'index' and name not like 'sqlite_%'").all<{
      name: string;
    }>();
    expect(results.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        "ads_user_created_idx",
        "ads_status_updated_idx",
        "sessions_expire_idx",
        "activity_logs_created_idx",
        "activity_logs_action_created_idx",
        "activity_logs_country_created_idx",
        "magic_link_tokens_hash_unique",
        "open_waits_user_idx",
        "open_waits_client_idx",
      ]),
    );
  });
});
