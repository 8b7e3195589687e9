// The fake eBay's Media API for pictures (ADR 046), as documented:
// https://developer.ebay.com/api-docs/commerce/media/resources/image/methods/createImageFromFile
// (multipart/form-data, one file in the part "image"; JPG, GIF, PNG, BMP, TIFF, AVIF, HEIC, WEBP;
// 201 Created with the image's getImage URI in the Location header),
// https://developer.ebay.com/api-docs/commerce/media/resources/image/methods/createImageFromUrl
// ("the provided URL must be secured using HTTPS (HTTP is not permitted)"),
// https://developer.ebay.com/api-docs/commerce/media/resources/image/methods/getImage (the EPS
// imageUrl for product.imageUrls) and the picture requirements
// (https://developer.ebay.com/api-docs/sell/static/inventory/managing-image-media.html: at most
// 12 MB per file). The Media API's own error ids are not in the pages we could read; the fake
// refuses with eBay's generic REST error 2004 "Invalid request"
// (https://developer.ebay.com/api-docs/static/handling-error-messages.html), and the app reads
// only eBay's message from it.

import { ebayError } from "./ebay-answers.mjs";

const BASE = "/commerce/media/v1_beta/image";
const MAX_BYTES = 12 * 1024 * 1024;
const EXPIRY_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * @typedef {import("./types").Answer} Answer
 * @typedef {import("./types").Headers} Headers
 * @typedef {import("./types").SellerApi} SellerApi
 */

/**
 * The formats eBay takes, by their first bytes.
 * @type {[format: string, test: (bytes: Buffer) => boolean][]}
 */
const SIGNATURES = [
  ["JPG", (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ["PNG", (b) => b[0] === 0x89 && b.subarray(1, 4).toString("latin1") === "PNG"],
  ["GIF", (b) => b.subarray(0, 4).toString("latin1") === "GIF8"],
  ["BMP", (b) => b.subarray(0, 2).toString("latin1") === "BM"],
  ["TIFF", (b) => ["II*\0", "MM\0*"].includes(b.subarray(0, 4).toString("latin1"))],
  ["WEBP", (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP"],
  ["AVIF", (b) => b.subarray(4, 8).toString("latin1") === "ftyp" && /^avi[fs]/.test(b.subarray(8, 12).toString("latin1"))],
  ["HEIC", (b) => b.subarray(4, 8).toString("latin1") === "ftyp" && /^(heic|heix|mif1)/.test(b.subarray(8, 12).toString("latin1"))],
];

/**
 * @param {number} status
 * @param {string} message
 * @returns {Answer}
 */
function refuse(status, message) {
  return [status, { errors: [{ errorId: 2004, domain: "API_MEDIA", category: "REQUEST", message, parameters: [] }] }];
}

/**
 * The first file part named "image" of a multipart/form-data body, or null.
 * @param {Headers} headers
 * @param {Buffer} raw
 */
async function imagePart(headers, raw) {
  const type = String(headers["content-type"] ?? "");
  if (!type.startsWith("multipart/form-data")) return null;
  try {
    const form = await new Request("http://fake.local/", {
      method: "POST",
      headers: { "content-type": type },
      body: Uint8Array.from(raw),
    }).formData();
    const file = form.get("image");
    return file && typeof file !== "string" ? Buffer.from(await file.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/**
 * The Media API of one fake eBay: `api` answers its paths (a seller's token only), `images`
 * lists what was uploaded (for the tests' state view).
 * @param {{ now: () => number, next: (prefix: string) => string }} context
 */
export function createMedia({ now, next }) {
  const images = new Map(); // imageId → { sellerId, format, size, imageUrl, expirationDate, source }

  /**
   * @param {string} sellerId
   * @param {string} format
   * @param {number} size
   * @param {"file" | "url"} source
   * @returns {Answer}
   */
  function stored(sellerId, format, size, source) {
    const imageId = next("img-");
    const image = {
      sellerId,
      format,
      size,
      source,
      imageUrl: `https://i.ebayimg.com/images/g/${imageId}/s-l1600.jpg`,
      expirationDate: new Date(now() + EXPIRY_MS).toISOString(),
    };
    images.set(imageId, image);
    return [201, { imageUrl: image.imageUrl, expirationDate: image.expirationDate }, `https://apim.ebay.com${BASE}/${imageId}`];
  }

  /** @type {SellerApi} */
  const api = {
    prefix: "/commerce/media/",
    sellerRefusal: ebayError(401, 1001, "Invalid access token."),
    routes: [
      {
        method: "POST",
        pattern: new RegExp(`^${BASE}/create_image_from_file$`),
        handler: async ({ headers, raw, seller }) => {
          const bytes = await imagePart(headers, raw);
          if (!bytes) return refuse(400, "The request has errors. Send the picture as multipart/form-data in the part 'image'.");
          if (bytes.length > MAX_BYTES) return refuse(400, "The picture is larger than 12 MB.");
          const format = SIGNATURES.find(([, test]) => bytes.length >= 12 && test(bytes))?.[0];
          if (!format) return refuse(400, "The picture format is not supported. Use JPG, GIF, PNG, BMP, TIFF, AVIF, HEIC or WEBP.");
          return stored(seller.id, format, bytes.length, "file");
        },
      },
      {
        method: "POST",
        pattern: new RegExp(`^${BASE}/create_image_from_url$`),
        handler: ({ body, seller }) => {
          let imageUrl = null;
          try {
            imageUrl = JSON.parse(body)?.imageUrl ?? null;
          } catch {
            // answered below
          }
          if (typeof imageUrl !== "string" || !/^https:\/\//.test(imageUrl))
            return refuse(400, "The imageUrl must be secured using HTTPS (HTTP is not permitted).");
          return stored(seller.id, "JPG", 0, "url");
        },
      },
      {
        method: "GET",
        pattern: new RegExp(`^${BASE}/([^/]+)$`),
        handler: ({ seller }, [, imageId]) => {
          const image = images.get(imageId);
          if (!image || image.sellerId !== seller.id)
            return [404, { errors: [{ errorId: 2002, domain: "API_MEDIA", category: "REQUEST", message: "Resource not found" }] }];
          return [200, { imageUrl: image.imageUrl, expirationDate: image.expirationDate }];
        },
      },
    ],
  };

  return { api, images: () => [...images.entries()].map(([imageId, image]) => ({ imageId, ...image })) };
}
