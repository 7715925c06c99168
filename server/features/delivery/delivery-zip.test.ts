import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import yauzl from "yauzl";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { AFTER_SESSION, deliveryWorld, get } from "./delivery-test-helpers.ts";
import { deliveryPrefix } from "./photos.ts";

// Downloading a delivery as one ZIP: 200 photos stream through the server one at a time, so
// the answer starts at once and memory does not grow with the delivery's size.

const PHOTOS = 200;
const PHOTO_BYTES = 512 * 1024;
const TOTAL = PHOTOS * PHOTO_BYTES;
const SAMPLE_EVERY = 8 * 1024 * 1024;

/**
 * Memory still reachable (V8's heap and the buffers it owns), after a full collection: what the
 * process holds, not the garbage it has yet to collect. The process's RSS swung by tens of
 * megabytes with collection timing and with what earlier files in the worker left behind.
 */
function liveBytes() {
  if (!global.gc)
    throw new Error("run with --expose-gc (vitest.config.ts gives it to server tests)");
  // Twice: the first collection's freed buffers are released by a sweeper that may still run.
  global.gc();
  global.gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

let app: TestApp;
let scratch: string;
beforeAll(async () => {
  app = await startTestApp({}, { now: () => AFTER_SESSION });
  scratch = mkdtempSync(path.join(os.tmpdir(), "delivery-zip-"));
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await app?.close();
});

/** 200 delivered photos of random bytes (their content does not matter to the archive). */
async function bigDelivery() {
  const w = await deliveryWorld(app);
  const db = app.database.db;
  await db
    .insertInto("deliveries")
    .values({ booking_id: w.bookingId, status: "delivered", delivered_at: AFTER_SESSION })
    .execute();
  const digests = new Map<string, string>();
  const rows = [];
  for (let i = 0; i < PHOTOS; i++) {
    const data = randomBytes(PHOTO_BYTES);
    const folder = `${deliveryPrefix(w.bookingId)}/${randomUUID()}`;
    await app.deps.storage.put(`${folder}/original.jpg`, data, "image/jpeg");
    // Two photos share a name: the archive must keep both.
    const name = i === 1 ? "photo-0.jpg" : `photo-${i}.jpg`;
    digests.set(
      i === 1 ? "photo-0 (2).jpg" : name,
      createHash("sha256").update(data).digest("hex"),
    );
    rows.push({
      booking_id: w.bookingId,
      client_upload_id: `u${i}`,
      original_key: `${folder}/original.jpg`,
      preview_key: `${folder}/preview.webp`,
      original_bytes: PHOTO_BYTES,
      width: 100,
      height: 100,
      content_type: "image/jpeg",
      file_name: name,
      position: i,
    });
  }
  await db.insertInto("delivery_files").values(rows).execute();
  return { w, digests };
}

function readEntries(file: string) {
  return new Promise<Map<string, string>>((resolve, reject) => {
    const found = new Map<string, string>();
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const hash = createHash("sha256");
          stream.on("data", (chunk: Buffer) => hash.update(chunk));
          stream.on("end", () => {
            found.set(entry.fileName, hash.digest("hex"));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(found));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

it("streams a ZIP of 200 photos without holding them, with every photo in it", async () => {
  const { w, digests } = await bigDelivery();
  // Count the originals the server has opened at any moment of the download.
  const storage = app.deps.storage;
  const stream = storage.stream.bind(storage);
  let opened = 0;
  storage.stream = async (key) => {
    opened += 1;
    return stream(key);
  };
  try {
    const baseline = liveBytes();
    let peak = baseline;
    let nextSample = 0;
    const response = await get(app, w.client, `/api/bookings/${w.bookingId}/delivery/zip`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.zip"/);
    let received = 0;
    let openedAtFirstMegabyte = -1;
    const watch = new Transform({
      transform(chunk: Buffer, _enc, done) {
        received += chunk.length;
        if (openedAtFirstMegabyte < 0 && received >= 1024 * 1024) openedAtFirstMegabyte = opened;
        if (received >= nextSample) {
          peak = Math.max(peak, liveBytes());
          nextSample = received + SAMPLE_EVERY;
        }
        done(null, chunk);
      },
    });
    const file = path.join(scratch, "all.zip");
    await pipeline(
      Readable.fromWeb(response.body as import("node:stream/web").ReadableStream),
      watch,
      createWriteStream(file),
    );
    // The answer began after a few photos were read, not after all 200…
    expect(openedAtFirstMegabyte).toBeGreaterThan(0);
    expect(openedAtFirstMegabyte).toBeLessThan(10);
    expect(opened).toBe(PHOTOS);
    // …and the process never held more than a few photos of the archive's 100 MB at once.
    expect(peak - baseline).toBeLessThan(TOTAL / 10);
    expect(received).toBeGreaterThan(TOTAL);
    expect(Number(response.headers.get("content-length"))).toBe(received);

    const entries = await readEntries(file);
    expect(entries.size).toBe(PHOTOS);
    expect(entries).toEqual(digests);
  } finally {
    storage.stream = stream;
  }
}, 120_000);
