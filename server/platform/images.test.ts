import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageUrl } from "../../contracts/media.ts";
import { startTestApp, type TestApp } from "../test/test-app.ts";
import { detectDocumentType, storeImage } from "./images.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** A JPEG carrying GPS coordinates in its EXIF block, as a phone would write it. */
async function jpegWithGps(width = 2400, height = 1600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#3366aa" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Snap 9" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "25/1 46/1 0/1" },
    })
    .toBuffer();
}

describe("image uploads", () => {
  it("stores every size as WebP without location metadata and serves it with long caching", async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const stored = await storeImage(app.deps.storage, "public/portfolio/u1", original);
    expect(stored).toMatchObject({ width: 1920, height: 1280 });

    const response = await app.fetch(imageUrl(stored.key, "thumb"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toContain("immutable");
    const served = Buffer.from(await response.arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta.width).toBe(400);
    expect(meta.exif).toBeUndefined();
  });

  it("refuses files that are not images, whatever their name says", async () => {
    const fakeJpeg = Buffer.from("<?php echo 'not a photo'; ?>");
    await expect(storeImage(app.deps.storage, "public/x", fakeJpeg)).rejects.toMatchObject({
      code: "validation_failed",
      message: "File is not an image",
    });
  });

  it("tells PDFs and images from anything else by content", async () => {
    expect(await detectDocumentType(Buffer.from("%PDF-1.7\n..."))).toBe("pdf");
    expect(await detectDocumentType(await jpegWithGps(10, 10))).toBe("image");
    expect(await detectDocumentType(Buffer.from("MZ executable"))).toBeNull();
  });

  it("never serves private files or paths outside storage", async () => {
    await app.deps.storage.put("private/docs/u1/a.pdf", Buffer.from("%PDF-1.7"), "application/pdf");
    expect((await app.fetch("/media/private/docs/u1/a.pdf")).status).toBe(404);
    expect((await app.fetch("/media/public/../private/docs/u1/a.pdf")).status).toBe(404);
    expect((await app.fetch("/media/public/%2e%2e/private/docs/u1/a.pdf")).status).toBe(404);
    expect((await app.fetch("/media/public/missing/thumb.webp")).status).toBe(404);
  });
});
