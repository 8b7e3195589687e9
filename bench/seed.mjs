// Seeds sellers with credits and live sessions straight into the local D1 of a running server
// (a benchmark harness: sign-in itself is rate-limited per address, as it should be).
import { execFileSync } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function seedSellers(persistTo, count, credits) {
  const now = Date.now();
  const sellers = Array.from({ length: count }, (_, index) => {
    const token = randomBytes(32).toString("base64url");
    return { id: randomUUID(), email: `last-${now}-${index}@example.de`, token, sid: createHash("sha256").update(token).digest("hex") };
  });
  const sql = sellers
    .map(
      (seller) =>
        `INSERT INTO users (id, email, ad_credits) VALUES ('${seller.id}', '${seller.email}', ${credits});\n` +
        `INSERT INTO sessions (sid, sess, expire, user_id) VALUES ('${seller.sid}', '{}', ${now + 86_400_000}, '${seller.id}');`,
    )
    .join("\n");
  const file = join(mkdtempSync(join(tmpdir(), "seed-")), "seed.sql");
  writeFileSync(file, sql);
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file], {
    stdio: "pipe",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  return sellers;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
