// The 800×600 crop of a decoded photo, in plain code: the largest centred 4:3 window, scaled to
// the target size. Downscaling averages every source pixel the output pixel covers (no aliasing);
// upscaling a small photo interpolates linearly. Transparent pixels are laid on white, as a JPEG
// has no alpha. Works row by row, so memory stays near the size of the output.

export type Rgba = { data: Uint8Array | Uint8ClampedArray; width: number; height: number };

type Taps = { index: Int32Array; weight: Float32Array }[];

/** For each output position along one axis: the source positions it reads and their weights (sum 1). */
export function axisTaps(start: number, span: number, outSize: number, sourceSize: number): Taps {
  const scale = span / outSize;
  const clampIndex = (i: number) => Math.min(sourceSize - 1, Math.max(0, i));
  const taps: Taps = [];
  for (let o = 0; o < outSize; o++) {
    const indices: number[] = [];
    const weights: number[] = [];
    if (scale >= 1) {
      const from = start + o * scale;
      const to = from + scale;
      for (let i = Math.floor(from); i < Math.ceil(to); i++) {
        const overlap = Math.min(to, i + 1) - Math.max(from, i);
        if (overlap > 1e-6) {
          indices.push(clampIndex(i));
          weights.push(overlap);
        }
      }
    } else {
      const centre = start + (o + 0.5) * scale - 0.5;
      const left = Math.floor(centre);
      const t = centre - left;
      indices.push(clampIndex(left), clampIndex(left + 1));
      weights.push(1 - t, t);
    }
    const sum = weights.reduce((total, weight) => total + weight, 0);
    taps.push({ index: Int32Array.from(indices), weight: Float32Array.from(weights, (weight) => weight / sum) });
  }
  return taps;
}

/** The largest window of the target's aspect ratio, centred in the source. */
export function centredWindow(width: number, height: number, targetWidth: number, targetHeight: number) {
  const target = targetWidth / targetHeight;
  if (width / height > target) {
    const span = height * target;
    return { x: (width - span) / 2, y: 0, width: span, height };
  }
  const span = width / target;
  return { x: 0, y: (height - span) / 2, width, height: span };
}

/** RGBA pixels of the centred crop, scaled to `width`×`height`, alpha flattened onto white (alpha 255). */
export function cropAndScale(source: Rgba, width: number, height: number): Uint8ClampedArray {
  const window = centredWindow(source.width, source.height, width, height);
  const columns = axisTaps(window.x, window.width, width, source.width);
  const rows = axisTaps(window.y, window.height, height, source.height);
  const out = new Uint8ClampedArray(width * height * 4);
  const accumulator = new Float32Array(width * 3);
  // A source row scaled horizontally is needed by at most two neighbouring output rows.
  const cache = new Map<number, Float32Array>();

  const scaledRow = (y: number) => {
    const cached = cache.get(y);
    if (cached) return cached;
    const row = new Float32Array(width * 3);
    const base = y * source.width * 4;
    for (let x = 0; x < width; x++) {
      const { index, weight } = columns[x];
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < index.length; k++) {
        const p = base + index[k] * 4;
        const alpha = source.data[p + 3] / 255;
        const white = 255 * (1 - alpha);
        r += weight[k] * (source.data[p] * alpha + white);
        g += weight[k] * (source.data[p + 1] * alpha + white);
        b += weight[k] * (source.data[p + 2] * alpha + white);
      }
      row[x * 3] = r;
      row[x * 3 + 1] = g;
      row[x * 3 + 2] = b;
    }
    cache.set(y, row);
    return row;
  };

  for (let y = 0; y < height; y++) {
    const { index, weight } = rows[y];
    for (const key of cache.keys()) if (key < index[0]) cache.delete(key);
    accumulator.fill(0);
    for (let k = 0; k < index.length; k++) {
      const row = scaledRow(index[k]);
      for (let i = 0; i < accumulator.length; i++) accumulator[i] += weight[k] * row[i];
    }
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      out[o] = accumulator[x * 3];
      out[o + 1] = accumulator[x * 3 + 1];
      out[o + 2] = accumulator[x * 3 + 2];
      out[o + 3] = 255;
    }
  }
  return out;
}
