// Which photo makes the best cover, computed from the files themselves:
// - resolution (more pixels, up to 4 MP, shows more detail),
// - shape (close to 4:3 landscape fills marketplace thumbnails without cropping the item),
// - encoded bytes per pixel (a sharp, detailed photo compresses less than a blurred or dark one).
import { readImageSize } from "../../storage/image-info";

export function photoScore(bytes: Uint8Array): number {
  const size = readImageSize(bytes);
  if (!size || size.width === 0 || size.height === 0) return 0;
  const pixels = Math.min(size.width * size.height, 4_000_000);
  const resolution = Math.log10(pixels) / Math.log10(4_000_000); // 0..1
  const aspect = size.width / size.height;
  const shape = Math.max(0, 1 - Math.abs(Math.log(aspect / (4 / 3))) * 1.5); // 1 at 4:3
  const detail = Math.min(bytes.length / (size.width * size.height), 1.2) / 1.2; // 0..1
  return resolution * 2 + shape + detail;
}

/** Index of the best photo; the earlier photo wins a tie (the seller's own order). */
export function bestPhotoIndex(photos: Uint8Array[]): number {
  let best = 0;
  let bestScore = -1;
  photos.forEach((bytes, index) => {
    const score = photoScore(bytes);
    if (score > bestScore + 1e-9) {
      best = index;
      bestScore = score;
    }
  });
  return best;
}
