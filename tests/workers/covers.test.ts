import { describe, expect, it } from "vitest";
import { makeCover } from "~/.server/covers/make-cover";
import { readImageSize, detectImageType } from "~/.server/storage/image-info";
import { png } from "../fixtures/images";

describe("server-made covers", () => {
  it("makes an 800×600 JPEG from a PNG", async () => {
    const cover = await makeCover(await png(1200, 1600, { noise: true }));
    expect(detectImageType(cover)?.mime).toBe("image/jpeg");
    expect(readImageSize(cover)).toEqual({ width: 800, height: 600 });
  });
});
