// The ad's photos as eBay pictures (ADR 046): each photo's bytes from R2 uploaded to eBay Picture
// Services with the Media API's createImageFromFile (multipart/form-data, part "image"), then its
// EPS URL read with getImage, in the order of the ad's photos. Upload, not a URL for eBay to fetch:
// it works the same on every installation, https public base or not (eBay fetches only https).
// https://developer.ebay.com/api-docs/commerce/media/resources/image/methods/createImageFromFile
// https://developer.ebay.com/api-docs/commerce/media/resources/image/methods/getImage
// https://developer.ebay.com/api-docs/sell/static/inventory/managing-image-media.html
import { PublishError } from "../publishing/publisher";
import { photoForUpload, type UploadPhoto } from "../storage/photo-upload";
import { ebayCall, ebayExchange, type EbaySession } from "./client";
import { mediaImageSchema } from "./types";

const IMAGE_PATH = "/commerce/media/v1_beta/image";
/** "Sellers can include up to 24 pictures in one listing" (slr:Product.imageUrls). */
const MAX_PICTURES = 24;

export const NO_PICTURE = "Für eBay braucht die Anzeige mindestens ein Foto. Füge eines hinzu und veröffentliche dann erneut.";

/** Uploads one photo; answers its EPS URL. */
async function uploadPicture(session: EbaySession, photo: UploadPhoto, name: string): Promise<string> {
  const form = new FormData();
  form.append("image", new Blob([photo.bytes], { type: photo.type }), name);
  const { headers } = await ebayExchange(session, { method: "POST", host: "media", path: `${IMAGE_PATH}/create_image_from_file`, form });
  // "Make sure to capture the image ID URI returned in the location header."
  const imageId = /\/image\/([^/?#]+)\/?$/.exec(headers.get("Location") ?? "")?.[1];
  if (!imageId) throw new PublishError("eBay hat ein Foto angenommen, aber keine Adresse dafür genannt. Bitte versuche es erneut.", 502);
  const image = mediaImageSchema.parse(
    await ebayCall(session, { method: "GET", host: "media", path: `${IMAGE_PATH}/${encodeURIComponent(imageId)}` }),
  );
  return image.imageUrl;
}

/** The EPS URLs of the ad's photos (those that can be read), in order; at least one or a German 422. */
export async function uploadPictures(session: EbaySession, photos: R2Bucket, keys: readonly string[]): Promise<string[]> {
  const urls: string[] = [];
  // One after another: the Media API limits a user to 50 uploads in 5 s.
  for (const [index, key] of keys.slice(0, MAX_PICTURES).entries()) {
    const photo = await photoForUpload(photos, key);
    if (photo) urls.push(await uploadPicture(session, photo, `foto-${index + 1}.jpg`));
  }
  if (urls.length === 0) throw new PublishError(NO_PICTURE, 422);
  return urls;
}
