import { describe, expect, it } from "vitest";
import { randomToken } from "~/.server/auth/crypto";
import { fromBase64, fromBase64Url, toBase64, toBase64Url } from "~/.server/crypto/base64";
import { tokenSchema } from "~/lib/auth";

// RFC 4648 §10 test vectors ("foobar"), and bytes whose base64 holds "+" and "/".
const SIGNS = new Uint8Array([0xfb, 0xff, 0xbf]);

describe("base64 and base64url", () => {
  it("writes base64 with padding and reads it back", () => {
    const foob = new TextEncoder().encode("foob");
    expect(toBase64(foob)).toBe("Zm9vYg==");
    expect(toBase64(foob.buffer)).toBe("Zm9vYg==");
    expect(toBase64(SIGNS)).toBe("+/+/");
    expect(new TextDecoder().decode(fromBase64("Zm9vYmFy"))).toBe("foobar");
    expect(() => fromBase64("kein base64!")).toThrow();
  });

  it("writes base64url without padding, with - and _, and reads it padded or not", () => {
    expect(toBase64Url(new TextEncoder().encode("foob"))).toBe("Zm9vYg");
    expect(toBase64Url(SIGNS)).toBe("-_-_");
    expect([...fromBase64Url("-_-_")]).toEqual([...SIGNS]);
    expect(new TextDecoder().decode(fromBase64Url("Zm9vYg"))).toBe("foob");
    expect(new TextDecoder().decode(fromBase64Url("Zm9vYg=="))).toBe("foob");
    const bytes = crypto.getRandomValues(new Uint8Array(45));
    expect([...fromBase64Url(toBase64Url(bytes))]).toEqual([...bytes]);
  });

  it("makes tokens of the shape the API accepts: 32 bytes, 43 characters", () => {
    for (let i = 0; i < 20; i++) {
      const token = randomToken();
      expect(tokenSchema.safeParse(token).success, token).toBe(true);
      expect(fromBase64Url(token)).toHaveLength(32);
    }
  });
});
