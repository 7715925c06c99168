import type { Readable } from "node:stream";
import yazl from "yazl";
import {
  DELIVERY_FILE_NOT_FOUND,
  type DeliveryFileSize,
  NOT_DELIVERED,
  ONLY_CLIENT,
} from "../../../contracts/delivery.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { type DeliveryCaller, type Opened, openBooking, requireRole } from "./access.ts";
import { thumbKeyOf, uniqueNames } from "./photos.ts";
import * as q from "./queries.ts";

/** The client sees the photos once delivered; the creator and staff see the draft too. */
async function openVisible(deps: AppDeps, caller: DeliveryCaller, bookingId: string) {
  const opened = await openBooking(deps, caller, bookingId);
  const row = await q.findDelivery(deps.database.db, bookingId);
  if (!row || (row.status === "draft" && opened.role === "client")) {
    throw new AppError("not_found", DELIVERY_FILE_NOT_FOUND);
  }
  return { opened, row };
}

async function streamOf(deps: AppDeps, key: string): Promise<Readable> {
  const stream = await deps.storage.stream(key);
  if (!stream) throw new AppError("not_found", DELIVERY_FILE_NOT_FOUND);
  return stream;
}

/** One photo of a delivery the caller may see. */
async function visibleFile(
  deps: AppDeps,
  caller: DeliveryCaller,
  bookingId: string,
  fileId: string,
) {
  await openVisible(deps, caller, bookingId);
  const file = await q.findFile(deps.database.db, bookingId, fileId);
  if (!file) throw new AppError("not_found", DELIVERY_FILE_NOT_FOUND);
  return file;
}

/** A photo's preview or thumbnail (WebP), for the parties and staff only. */
export async function readPreview(
  deps: AppDeps,
  caller: DeliveryCaller,
  bookingId: string,
  fileId: string,
  size: DeliveryFileSize,
) {
  const file = await visibleFile(deps, caller, bookingId, fileId);
  const key = size === "thumb" ? thumbKeyOf(file.preview_key) : file.preview_key;
  return streamOf(deps, key);
}

/** A photo's full-resolution original, streamed. */
export async function readOriginal(
  deps: AppDeps,
  caller: DeliveryCaller,
  bookingId: string,
  fileId: string,
) {
  const file = await visibleFile(deps, caller, bookingId, fileId);
  return {
    stream: await streamOf(deps, file.original_key),
    fileName: file.file_name,
    contentType: file.content_type,
    bytes: Number(file.original_bytes),
  };
}

/**
 * Every photo as one ZIP, written while it is sent: each original is opened only when the
 * archive reaches it and flows through without being held, so memory stays flat however many
 * photos there are. Stored uncompressed (JPEGs do not shrink), so the total size is known up
 * front and the browser can show progress.
 */
export async function zipAll(deps: AppDeps, caller: DeliveryCaller, bookingId: string) {
  const { opened } = await openVisible(deps, caller, bookingId);
  const files = await q.listFiles(deps.database.db, bookingId);
  if (files.length === 0) throw new AppError("not_found", DELIVERY_FILE_NOT_FOUND);
  const zip = new yazl.ZipFile();
  const names = uniqueNames(files.map((f) => f.file_name));
  files.forEach((file, i) => {
    const options = { compress: false, size: Number(file.original_bytes), mtime: file.created_at };
    zip.addReadStreamLazy(names[i]!, options, (done) => {
      deps.storage.stream(file.original_key).then(
        (stream) => done(stream ? null : new Error(`missing ${file.original_key}`), stream!),
        (error) => done(error, undefined as never),
      );
    });
  });
  let totalBytes = -1;
  zip.end(undefined, ((size: number) => {
    totalBytes = size;
  }) as () => void);
  zip.on("error", (err) => deps.log.warn({ err, bookingId }, "streaming a delivery ZIP failed"));
  return {
    stream: zip.outputStream as Readable,
    fileName: zipName(opened),
    bytes: totalBytes >= 0 ? totalBytes : null,
  };
}

function zipName({ booking }: Opened): string {
  const day = booking.start_time.toISOString().slice(0, 10);
  const who = booking.creator_name.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `ShutterHail-${who || "photos"}-${day}.zip`;
}

/** The client marks a photo they like; the creator sees it. Setting it twice is one. */
export async function setFavourite(
  deps: AppDeps,
  caller: DeliveryCaller,
  bookingId: string,
  fileId: string,
  favourite: boolean,
) {
  const { opened, row } = await openVisible(deps, caller, bookingId);
  requireRole(opened, "client", ONLY_CLIENT);
  if (row.status === "draft") throw new AppError("conflict", NOT_DELIVERED);
  const file = await q.findFile(deps.database.db, bookingId, fileId);
  if (!file) throw new AppError("not_found", DELIVERY_FILE_NOT_FOUND);
  await q.setFavourite(deps.database.db, bookingId, fileId, favourite, deps.now());
  return { favourite };
}
