import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { DELIVERY } from "../../../contracts/constants.ts";
import { imageJobs, inspectImage, MAX_PIXELS } from "../../platform/images.ts";
import type { Storage } from "../../platform/storage.ts";

const THUMB_MAX_PX = 480;

export type StoredPhoto = {
  originalKey: string;
  previewKey: string;
  bytes: number;
  width: number;
  height: number;
  contentType: "image/jpeg" | "image/png";
};

/** Private storage (never under public/): served only through the delivery's routes. */
export const deliveryPrefix = (bookingId: string) => `private/deliveries/${bookingId}`;
/** The grid's small size sits beside the viewer's preview. */
export const thumbKeyOf = (previewKey: string) =>
  previewKey.replace(/preview\.webp$/, "thumb.webp");
/** The folder holding one photo's files. */
export const photoFolderOf = (originalKey: string) =>
  originalKey.slice(0, originalKey.lastIndexOf("/"));

/**
 * A delivered photo, checked by content: the original is re-encoded at its full resolution
 * (rotated upright, every pixel kept) so no metadata — camera serial, GPS — reaches the
 * client; JPEG at quality 95 with full colour resolution (PNG when the image has
 * transparency), keeping only its colour profile. The web-size preview is a WebP.
 */
export async function storeDeliveryPhoto(
  storage: Storage,
  bookingId: string,
  data: Buffer,
): Promise<StoredPhoto> {
  const meta = await inspectImage(data);
  const alpha = Boolean(meta.hasAlpha);
  const encoded = await imageJobs(async () => {
    const upright = () => sharp(data, { limitInputPixels: MAX_PIXELS }).rotate();
    const original = alpha
      ? await upright().keepIccProfile().png().toBuffer({ resolveWithObject: true })
      : await upright()
          .keepIccProfile()
          .jpeg({ quality: 95, chromaSubsampling: "4:4:4" })
          .toBuffer({ resolveWithObject: true });
    const within = (px: number) => ({ width: px, height: px, fit: "inside" as const });
    const preview = await sharp(original.data)
      .resize({ ...within(DELIVERY.previewMaxPx), withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    const thumb = await sharp(preview)
      .resize({ ...within(THUMB_MAX_PX), withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer();
    return { original, preview, thumb };
  });
  const folder = `${deliveryPrefix(bookingId)}/${randomUUID()}`;
  const originalKey = `${folder}/original.${alpha ? "png" : "jpg"}`;
  const previewKey = `${folder}/preview.webp`;
  const contentType = alpha ? "image/png" : "image/jpeg";
  try {
    await storage.put(originalKey, encoded.original.data, contentType);
    await storage.put(previewKey, encoded.preview, "image/webp");
    await storage.put(thumbKeyOf(previewKey), encoded.thumb, "image/webp");
  } catch (error) {
    await storage.deletePrefix(folder).catch(() => {});
    throw error;
  }
  return {
    originalKey,
    previewKey,
    bytes: encoded.original.data.byteLength,
    width: encoded.original.info.width,
    height: encoded.original.info.height,
    contentType,
  };
}

/**
 * The name a photo is shown and downloaded under: the uploader's base name without any path,
 * control or reserved characters, with the extension of what is actually stored.
 */
export function safeFileName(raw: string, contentType: StoredPhoto["contentType"]): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const stem = base
    .replace(/\.[^.]*$/, "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
    .replace(/[\u0000-\u001f\u007f"*:<>?|]+/g, "")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .slice(0, 150);
  return `${stem || "photo"}.${contentType === "image/png" ? "png" : "jpg"}`;
}

/**
 * Names made unique within one ZIP (case-insensitively, as on Windows and macOS): a second
 * "beach.jpg" becomes "beach (2).jpg", or "beach (3).jpg" when a photo is really named
 * "beach (2).jpg".
 */
export function uniqueNames(names: string[]): string[] {
  const taken = new Set(names.map((name) => name.toLowerCase()));
  const used = new Set<string>();
  return names.map((name) => {
    let unique = name;
    const dot = name.lastIndexOf(".");
    for (let n = 2; used.has(unique.toLowerCase()); n++) {
      unique = `${name.slice(0, dot)} (${n})${name.slice(dot)}`;
      // A real photo's own name stays its own: skip it here.
      if (taken.has(unique.toLowerCase())) unique = name;
    }
    used.add(unique.toLowerCase());
    return unique;
  });
}
