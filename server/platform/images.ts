import { randomUUID } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { IMAGE_SIZES, IMAGE_UPLOAD_MAX_BYTES, type ImageSize } from "../../contracts/media.ts";
import { AppError } from "./errors.ts";
import type { Storage } from "./storage.ts";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif", "avif", "tiff"]);
const MAX_PIXELS = 80_000_000;

export type StoredImage = { key: string; width: number; height: number };

/**
 * Checks an upload by its content (never its name), then stores it in every size as WebP.
 * Re-encoding drops all metadata, GPS location included; EXIF orientation is applied first.
 */
export async function storeImage(
  storage: Storage,
  prefix: string,
  data: Buffer,
): Promise<StoredImage> {
  if (data.byteLength > IMAGE_UPLOAD_MAX_BYTES) {
    throw new AppError("payload_too_large", "Image is too large (15 MB at most)");
  }
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new AppError("validation_failed", "File is not an image");
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new AppError(
      "validation_failed",
      "File is not a supported image (JPEG, PNG, WebP, GIF, HEIC or AVIF)",
    );
  }
  const key = `${prefix}/${randomUUID()}`;
  let width = 0;
  let height = 0;
  for (const [size, maxWidth] of Object.entries(IMAGE_SIZES) as [ImageSize, number][]) {
    const { data: out, info } = await sharp(data, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: maxWidth, height: maxWidth, fit: "inside", withoutEnlargement: true })
      .webp({ quality: size === "thumb" ? 72 : 80 })
      .toBuffer({ resolveWithObject: true });
    await storage.put(`${key}/${size}.webp`, out, "image/webp");
    if (size === "large") ({ width, height } = info);
  }
  return { key, width, height };
}

/** PDFs start with "%PDF-"; anything else must be an image we can read. */
export async function detectDocumentType(data: Buffer): Promise<"pdf" | "image" | null> {
  if (data.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  try {
    const meta = await sharp(data).metadata();
    return meta.format && ACCEPTED_FORMATS.has(meta.format) ? "image" : null;
  } catch {
    return null;
  }
}
