import {
  DELETE_ONLY_IN_DRAFT,
  DELIVERY_FILE_NOT_FOUND,
  DELIVERY_LOCKED,
  DELIVERY_MAX_FILES,
  type DeliveryFile,
  ONLY_CREATOR,
  SESSION_NOT_OVER,
} from "../../../contracts/delivery.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import type { UploadedFile } from "../../platform/uploads.ts";
import {
  type DeliveryCaller,
  type Opened,
  openBooking,
  requireRole,
  sessionOver,
} from "./access.ts";
import { photoFolderOf, safeFileName, storeDeliveryPhoto } from "./photos.ts";
import * as q from "./queries.ts";
import { toFile } from "./view.ts";

/** The creator may change the delivery until it is accepted or disputed. */
async function requireCreatorCanUpload(deps: AppDeps, opened: Opened) {
  requireRole(opened, "creator", ONLY_CREATOR);
  if (!sessionOver(opened.booking, deps.now())) throw new AppError("conflict", SESSION_NOT_OVER);
  const row = await q.findDelivery(deps.database.db, opened.booking.id);
  if (row && row.status !== "draft" && row.status !== "delivered") {
    throw new AppError("conflict", DELIVERY_LOCKED);
  }
}

/**
 * One photo of the delivery. The browser names each upload (`uploadId`): a retry of one that
 * already arrived answers the stored photo (created: false) instead of adding it twice. Files
 * may still be added once delivered, until the client accepts; the client was told once.
 */
export async function uploadPhoto(
  deps: AppDeps,
  caller: DeliveryCaller,
  bookingId: string,
  uploadId: string,
  readFile: () => Promise<UploadedFile>,
): Promise<{ file: DeliveryFile; created: boolean }> {
  const opened = await openBooking(deps, caller, bookingId);
  requireRole(opened, "creator", ONLY_CREATOR);
  const db = deps.database.db;
  const earlier = await q.findFileByUpload(db, bookingId, uploadId);
  if (earlier) return { file: toFile(bookingId, earlier), created: false };
  await requireCreatorCanUpload(deps, opened);
  const upload = await readFile();
  const stored = await storeDeliveryPhoto(deps.storage, bookingId, upload.data);
  const inserted = await db
    .transaction()
    .execute(async (trx) => {
      const row = await q.lockDraftable(trx, bookingId, deps.now());
      if (row.status !== "draft" && row.status !== "delivered") {
        throw new AppError("conflict", DELIVERY_LOCKED);
      }
      if ((await q.countFiles(trx, bookingId)) >= DELIVERY_MAX_FILES) {
        throw new AppError(
          "validation_failed",
          `A delivery holds ${DELIVERY_MAX_FILES} photos at most`,
        );
      }
      return q.insertFile(trx, {
        bookingId,
        uploadId,
        ...stored,
        fileName: safeFileName(upload.name, stored.contentType),
        now: deps.now(),
      });
    })
    .catch(async (error) => {
      await deps.storage.deletePrefix(photoFolderOf(stored.originalKey)).catch(() => {});
      throw error;
    });
  if (inserted) return { file: toFile(bookingId, inserted), created: true };
  // The same upload arrived twice at once: the other one's row stands, these files go.
  await deps.storage.deletePrefix(photoFolderOf(stored.originalKey)).catch(() => {});
  const winner = await q.findFileByUpload(db, bookingId, uploadId);
  if (!winner) throw new AppError("conflict", DELIVERY_LOCKED);
  return { file: toFile(bookingId, winner), created: false };
}

/** Removes a photo while the delivery is a draft; removing one already gone is done. */
export async function deletePhoto(
  deps: AppDeps,
  caller: DeliveryCaller,
  bookingId: string,
  fileId: string,
): Promise<void> {
  const opened = await openBooking(deps, caller, bookingId);
  requireRole(opened, "creator", ONLY_CREATOR);
  const removed = await deps.database.db.transaction().execute(async (trx) => {
    const row = await q.findDelivery(trx, bookingId);
    if (!row) throw new AppError("not_found", DELIVERY_FILE_NOT_FOUND);
    const file = await q.findFile(trx, bookingId, fileId);
    if (!file) return null;
    if (row.status !== "draft") throw new AppError("conflict", DELETE_ONLY_IN_DRAFT);
    return q.deleteFile(trx, bookingId, fileId);
  });
  if (removed) {
    await deps.storage.deletePrefix(photoFolderOf(removed.original_key)).catch((err) => {
      deps.log.warn({ err, fileId }, "deleting a delivery photo's files failed");
    });
  }
}

/** The optional link to a video delivery (https), or null to remove it. */
export async function setVideoLink(
  deps: AppDeps,
  caller: DeliveryCaller,
  bookingId: string,
  videoUrl: string | null,
): Promise<void> {
  const opened = await openBooking(deps, caller, bookingId);
  await requireCreatorCanUpload(deps, opened);
  await deps.database.db.transaction().execute(async (trx) => {
    const row = await q.lockDraftable(trx, bookingId, deps.now());
    if (row.status !== "draft" && row.status !== "delivered") {
      throw new AppError("conflict", DELIVERY_LOCKED);
    }
    await q.setDeliveryVideo(trx, bookingId, videoUrl, deps.now());
  });
}
