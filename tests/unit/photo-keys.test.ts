import { describe, expect, it } from "vitest";
import { coverKeyFor, imageUrl, isDerivedKey, modelKeyFor, newPhotoKey, PHOTO_KEY, withDerivedKeys } from "~/.server/storage/photo-keys";

const adId = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("the photo-key scheme", () => {
  it("builds keys the photo route accepts, with their cover and model copy beside them", () => {
    const key = newPhotoKey(adId, { mime: "image/webp", extension: "webp" });
    expect(key).toMatch(new RegExp(`^ads/${adId}/[A-Za-z0-9_-]{43}\\.webp$`));
    expect(coverKeyFor(key)).toBe(key.replace(/\.webp$/, "-cover.jpg"));
    expect(modelKeyFor(key)).toBe(key.replace(/\.webp$/, "-model.jpg"));
    for (const candidate of [key, coverKeyFor(key), modelKeyFor(key)]) expect(PHOTO_KEY.test(candidate)).toBe(true);
    expect(imageUrl(key)).toBe(`/images/${key}`);
  });

  it("refuses keys outside the scheme", () => {
    const token = "a".repeat(43);
    for (const bad of [
      `ads/${adId}/../${token}.jpg`,
      `ads/not-an-id/${token}.jpg`,
      `ads/${adId}/${token}.gif`,
      `ads/${adId}/${token}-thumb.jpg`,
      `x/ads/${adId}/${token}.jpg`,
    ]) {
      expect(PHOTO_KEY.test(bad), bad).toBe(false);
    }
  });

  it("expands photos to their derived keys once, and keeps a derived key as it is", () => {
    const photo = `ads/${adId}/${"b".repeat(43)}.png`;
    expect(isDerivedKey(coverKeyFor(photo))).toBe(true);
    expect(withDerivedKeys([photo, coverKeyFor(photo)])).toEqual([photo, coverKeyFor(photo), modelKeyFor(photo)]);
  });
});
