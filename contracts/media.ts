// Uploaded images are stored once per size; the web picks the size that fits where it shows one.
export const IMAGE_SIZES = {
  thumb: 400,
  medium: 960,
  large: 1920,
} as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

export const IMAGE_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
export const DOCUMENT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** Public URL of one size of a stored image (image keys are what the database keeps). */
export function imageUrl(imageKey: string, size: ImageSize): string {
  return `/media/${imageKey}/${size}.webp`;
}

/** `srcset` for an <img>: every stored size with its width. */
export function imageSrcSet(imageKey: string): string {
  return (Object.entries(IMAGE_SIZES) as [ImageSize, number][])
    .map(([size, width]) => `${imageUrl(imageKey, size)} ${width}w`)
    .join(", ");
}

/** The profile cover spans the page: its <img sizes>, also sent to preload it with the HTML. */
export const PROFILE_COVER_SIZES = "100vw";

/** Files one upload request may carry; the web sends bigger selections in several requests. */
export const UPLOAD_FILES_PER_REQUEST = 4;
export const UPLOAD_REQUEST_MAX_BYTES =
  UPLOAD_FILES_PER_REQUEST * IMAGE_UPLOAD_MAX_BYTES + 1024 * 1024;
