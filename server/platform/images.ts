import { randomUUID } from "node:crypto";
import pLimit from "p-limit";
import sharp, { type Metadata } from "sharp";
import {
  IMAGE_MAX_MEGAPIXELS,
  IMAGE_SIZES,
  IMAGE_UPLOAD_MAX_BYTES,
  type ImageSize,
} from "../../contracts/media.ts";
import { AppError } from "./errors.ts";
import type { Storage } from "./storage.ts";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif", "avif", "tiff"]);
export const MAX_PIXELS = IMAGE_MAX_MEGAPIXELS * 1_000_000;

// Images are decoded two at a time in the whole process: more uploads wait their turn instead
// of each holding decoded pixels at once, so load costs time, not memory. Each job uses
// sharp's default thread count (1 on glibc, where more threads fragment memory). libvips'
// operation cache only helps when the same file is read again, which uploads never are.
export const IMAGE_JOBS_AT_ONCE = 2;
/** The queue: `activeCount` images are being decoded, `pendingCount` wait. */
export const imageJobs = pLimit(IMAGE_JOBS_AT_ONCE);
sharp.cache(false);

export type StoredImage = { key: string; width: number; height: number };

/** Reads only the header: what the file is and its size in pixels, before any decoding. */
async function readHeader(data: Buffer): Promise<Metadata | null> {
  try {
    return await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
}

/** Decodes once: rotated per EXIF, shrunk to the largest stored size, as raw pixels. */
async function decodeLargest(data: Buffer) {
  const largest = Math.max(...Object.values(IMAGE_SIZES));
  try {
    return await sharp(data, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: largest, height: largest, fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError("validation_failed", "The image is damaged or incomplete");
  }
}

/**
 * What an upload is, from its header alone: refuses anything that is not a supported image,
 * and images with too many pixels, before any decoding.
 */
export async function inspectImage(data: Buffer): Promise<Metadata> {
  const meta = await readHeader(data);
  if (!meta) throw new AppError("validation_failed", "File is not an image");
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new AppError(
      "validation_failed",
      "File is not a supported image (JPEG, PNG, WebP, GIF, HEIC or AVIF)",
    );
  }
  if (meta.width * meta.height > MAX_PIXELS) {
    throw new AppError(
      "validation_failed",
      `Image has too many pixels (${IMAGE_MAX_MEGAPIXELS} megapixels at most)`,
    );
  }
  return meta;
}

/**
 * Checks an upload by its content (never its name), then stores it in every size as WebP.
 * Re-encoding drops all metadata, GPS location included; EXIF orientation is applied first.
 * Too many pixels are refused from the header alone; the pixels are decoded once, in turn.
 */
export async function storeImage(
  storage: Storage,
  prefix: string,
  data: Buffer,
): Promise<StoredImage> {
  if (data.byteLength > IMAGE_UPLOAD_MAX_BYTES) {
    throw new AppError("payload_too_large", "Image is too large (15 MB at most)");
  }
  await inspectImage(data);
  const encoded = await imageJobs(async () => {
    const { data: pixels, info } = await decodeLargest(data);
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const sizes = Object.entries(IMAGE_SIZES) as [ImageSize, number][];
    const files = await Promise.all(
      sizes.map(async ([size, maxWidth]) => ({
        size,
        data: await sharp(pixels, { raw })
          .resize({ width: maxWidth, height: maxWidth, fit: "inside", withoutEnlargement: true })
          .webp({ quality: size === "thumb" ? 72 : 80 })
          .toBuffer(),
      })),
    );
    return { files, width: info.width, height: info.height };
  });
  const key = `${prefix}/${randomUUID()}`;
  for (const file of encoded.files) {
    await storage.put(`${key}/${file.size}.webp`, file.data, "image/webp");
  }
  return { key, width: encoded.width, height: encoded.height };
}

/** PDFs start with "%PDF-"; anything else must be an image we can read. */
export async function detectDocumentType(data: Buffer): Promise<"pdf" | "image" | null> {
  if (data.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  const meta = await readHeader(data);
  return meta?.format && ACCEPTED_FORMATS.has(meta.format) ? "image" : null;
}
