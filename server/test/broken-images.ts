import sharp from "sharp";

/**
 * A JPEG and a PNG cut off halfway, as an interrupted upload leaves them: the header still
 * reads as an image, the pixels do not.
 */
export async function truncatedImages(): Promise<[Buffer, string, string][]> {
  const picture = sharp({ create: { width: 600, height: 400, channels: 3, background: "#c63" } });
  const jpeg = await picture.clone().jpeg().toBuffer();
  const png = await picture.clone().png().toBuffer();
  return [
    [jpeg.subarray(0, jpeg.byteLength / 2), "cut.jpg", "image/jpeg"],
    [png.subarray(0, png.byteLength / 2), "cut.png", "image/png"],
  ];
}

export const DAMAGED_IMAGE_MESSAGE = "The image is damaged or incomplete";
