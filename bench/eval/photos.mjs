// Photos for `npm run eval`, made in code (no files, no network): valid RGB PNGs of a soft
// colour gradient with a darker block in the middle — different per item and photo, small enough
// that the server makes its covers and display copies quickly. They show no item and no condition.
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** One PNG; `seed` picks the colours. */
export function photoPng(seed, width = 640, height = 480) {
  const base = [(seed * 67) % 200, (seed * 131) % 200, (seed * 197) % 200];
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const inBlock = x > width / 4 && x < (width * 3) / 4 && y > height / 4 && y < (height * 3) / 4;
      for (let channel = 0; channel < 3; channel++) {
        const value = base[channel] + Math.round((55 * (x + y)) / (width + height));
        raw[row + 1 + x * 3 + channel] = inBlock ? value / 2 : value;
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The photos of the item at `index` in the item set. */
export function photosFor(index, count) {
  return Array.from(
    { length: count },
    (_, photo) => new File([photoPng(index * 5 + photo + 1)], `foto-${photo + 1}.png`, { type: "image/png" }),
  );
}
