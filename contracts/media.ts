// Uploaded images are stored once per size; the web picks the size that fits where it shows one.
export const IMAGE_SIZES = {
  thumb: 400,
  medium: 960,
  large: 1920,
} as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

export const IMAGE_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
/**
 * The most pixels an uploaded image may have: what today's highest-resolution full-frame
 * bodies write (61 MP: Sony A7R V, Leica M11, Sigma fp L), with room for phones' 48-50 MP
 * modes. Medium-format (100 MP) and 200 MP phone files must be exported smaller: the larger
 * a decode, the more memory one upload takes.
 */
export const IMAGE_MAX_MEGAPIXELS = 62;
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
