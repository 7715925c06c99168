import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IMAGE_MAX_MEGAPIXELS } from "../../contracts/media.ts";
import { startTestApp, type TestApp } from "../test/test-app.ts";
import { IMAGE_JOBS_AT_ONCE, imageJobs } from "./images.ts";

// The server runs in this process, so this process's resident memory is the server's.
// Budgets are growth over the resident size measured just before the uploads.
const MB = 1024 * 1024;
/** Refused from the header: only the uploads' bytes (1 MB each, a few copies): 20-45 MB seen. */
const BOMB_BUDGET = 96 * MB;
/**
 * Eight concurrent 54-megapixel PNGs (no shrink-on-load, so each decode streams every pixel),
 * uploaded and received in this one process: decoded two at a time, once each, 215-315 MB
 * measured alone, up to 435 MB with the whole suite loading both cores beside it; before the
 * queue (three decodes each, four at once on libuv's threads) 360-510 MB alone. The queue
 * itself is proven by the decoding/waiting counts below; the budget catches a gross leak.
 */
const LARGE_BUDGET = 512 * MB;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());
beforeEach(() => app.database.db.deleteFrom("auth_attempts").execute());

/** A solid-colour PNG: millions of pixels in about a megabyte on the wire. */
const solidPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3366aa" } })
    .png({ compressionLevel: 9 })
    .toBuffer();

const uploadSample = (png: Buffer) => {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "sample.png");
  return app.fetch("/api/applications/sample-images", { method: "POST", body: form });
};

/**
 * Runs `work` while sampling resident memory and the image queue; returns its result, the
 * peak memory growth and the most images decoding and waiting at once.
 */
async function underLoad<T>(work: () => Promise<T>) {
  const before = process.memoryUsage.rss();
  let peak = before;
  let decoding = 0;
  let waiting = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
    decoding = Math.max(decoding, imageJobs.activeCount);
    waiting = Math.max(waiting, imageJobs.pendingCount);
  };
  const sampler = setInterval(sample, 5);
  try {
    const result = await work();
    sample();
    return { result, growth: peak - before, decoding, waiting };
  } finally {
    clearInterval(sampler);
  }
}

describe("image uploads under load", () => {
  it("decodes 8 concurrent large allowed images two at a time, within a memory budget", async () => {
    const large = await solidPng(9_000, 6_000);
    // First: a process that has decoded big images before keeps that memory, which would hide
    // growth. A first small upload starts sharp's threads, so the budget measures the uploads.
    expect((await uploadSample(await solidPng(64, 64))).status).toBe(201);
    const { result, growth, decoding, waiting } = await underLoad(() =>
      Promise.all(Array.from({ length: 8 }, () => uploadSample(large))),
    );
    expect(result.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(decoding).toBe(IMAGE_JOBS_AT_ONCE);
    expect(waiting).toBeGreaterThan(0);
    expect(growth).toBeLessThan(LARGE_BUDGET);
  }, 120_000);

  it("refuses 8 concurrent 80-megapixel PNGs from their header, without decoding them", async () => {
    const bomb = await solidPng(10_000, 8_000);
    expect(bomb.byteLength).toBeLessThan(2 * MB);
    const { result, growth, decoding } = await underLoad(() =>
      Promise.all(Array.from({ length: 8 }, () => uploadSample(bomb))),
    );
    expect(decoding).toBe(0);
    for (const response of result) {
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(
        `Image has too many pixels (${IMAGE_MAX_MEGAPIXELS} megapixels at most)`,
      );
    }
    expect(growth).toBeLessThan(BOMB_BUDGET);
  });
});
