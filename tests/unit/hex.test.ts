import { describe, expect, it } from "vitest";
import { fromHex, sha256Hex, toHex } from "~/.server/crypto/hex";

describe("hex encoding", () => {
  it("writes every byte as two lower-case digits and reads them back", () => {
    const bytes = new Uint8Array([0, 1, 15, 16, 171, 255]);
    expect(toHex(bytes)).toBe("00010f10abff");
    expect(toHex(bytes.buffer)).toBe("00010f10abff");
    expect([...fromHex("00010f10abff")]).toEqual([...bytes]);
  });

  it("hashes text with SHA-256 (the FIPS 180-2 test vector)", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
