import { type Kysely, type Selectable, sql, type Updateable } from "kysely";
import type { DeliveryStatus } from "../../../contracts/delivery.ts";
import type { DB, Deliveries, DeliveryFiles } from "../../db/schema.ts";

type Db = Kysely<DB>;
export type DeliveryRow = Selectable<Deliveries>;
export type DeliveryFileRow = Selectable<DeliveryFiles> & { favourite: boolean };

export function findDelivery(db: Db, bookingId: string) {
  return db
    .selectFrom("deliveries")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .executeTakeFirst();
}

/** Locks the delivery row (made first if missing) for the rest of the transaction. */
export async function lockDraftable(db: Db, bookingId: string, now: Date) {
  await db
    .insertInto("deliveries")
    .values({ booking_id: bookingId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("booking_id").doNothing())
    .execute();
  return db
    .selectFrom("deliveries")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export function listFiles(db: Db, bookingId: string): Promise<DeliveryFileRow[]> {
  return (
    db
      .selectFrom("delivery_files as f")
      .selectAll("f")
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom("delivery_favourites as v")
              .select("v.file_id")
              .whereRef("v.file_id", "=", "f.id"),
          )
          .$castTo<boolean>()
          .as("favourite"),
      )
      .where("f.booking_id", "=", bookingId)
      // Cameras name files in shooting order; uploads arrive in any order.
      .orderBy("f.file_name")
      .orderBy("f.position")
      .orderBy("f.id")
      .execute()
  );
}

export function findFile(db: Db, bookingId: string, fileId: string) {
  return db
    .selectFrom("delivery_files")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .where("id", "=", fileId)
    .executeTakeFirst();
}

export function findFileByUpload(db: Db, bookingId: string, uploadId: string) {
  return db
    .selectFrom("delivery_files")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .where("client_upload_id", "=", uploadId)
    .executeTakeFirst();
}

export async function countFiles(db: Db, bookingId: string): Promise<number> {
  const row = await db
    .selectFrom("delivery_files")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("booking_id", "=", bookingId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type NewFile = {
  bookingId: string;
  uploadId: string;
  originalKey: string;
  previewKey: string;
  bytes: number;
  width: number;
  height: number;
  contentType: string;
  fileName: string;
  now: Date;
};

/** Adds a file at the end; a retried upload id answers nothing (the first one stands). */
export function insertFile(db: Db, f: NewFile) {
  return db
    .insertInto("delivery_files")
    .values({
      booking_id: f.bookingId,
      client_upload_id: f.uploadId,
      original_key: f.originalKey,
      preview_key: f.previewKey,
      original_bytes: f.bytes,
      width: f.width,
      height: f.height,
      content_type: f.contentType,
      file_name: f.fileName,
      position: sql<number>`(select coalesce(max(position), 0) + 1 from delivery_files where booking_id = ${f.bookingId})`,
      created_at: f.now,
    })
    .onConflict((oc) => oc.columns(["booking_id", "client_upload_id"]).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function deleteFile(db: Db, bookingId: string, fileId: string) {
  return db
    .deleteFrom("delivery_files")
    .where("booking_id", "=", bookingId)
    .where("id", "=", fileId)
    .returning(["original_key"])
    .executeTakeFirst();
}

export async function setFavourite(
  db: Db,
  bookingId: string,
  fileId: string,
  on: boolean,
  now: Date,
) {
  if (on) {
    await db
      .insertInto("delivery_favourites")
      .values({ booking_id: bookingId, file_id: fileId, created_at: now })
      .onConflict((oc) => oc.columns(["booking_id", "file_id"]).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom("delivery_favourites")
      .where("booking_id", "=", bookingId)
      .where("file_id", "=", fileId)
      .execute();
  }
}

/** Deliveries past their accept-by time that nobody accepted or disputed. */
export async function dueForAutoAccept(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("deliveries")
    .select("booking_id")
    .where("status", "=", "delivered")
    .where("accept_by", "<=", now)
    .orderBy("accept_by")
    .limit(limit)
    .execute();
  return rows.map((r) => r.booking_id);
}

/** The status of each of these bookings' deliveries that exists (My Bookings' past cards). */
export function deliveryStatusesOf(db: Db, bookingIds: string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("deliveries")
    .select(["booking_id", "status"])
    .where("booking_id", "in", bookingIds)
    .execute();
}

export type DeliveryPatch = Omit<Updateable<Deliveries>, "status" | "booking_id">;

/**
 * Moves a delivery from `from` to `to` only (and, with `dueBy`, only once its accept_by has
 * passed): a retry after it moved changes nothing. The one writer of deliveries.status.
 */
export async function transitionDelivery(
  db: Db,
  bookingId: string,
  from: DeliveryStatus,
  to: DeliveryStatus,
  patch: DeliveryPatch,
  dueBy?: Date,
) {
  let update = db
    .updateTable("deliveries")
    .set({ ...patch, status: to })
    .where("booking_id", "=", bookingId)
    .where("status", "=", from);
  if (dueBy) update = update.where("accept_by", "<=", dueBy);
  return Boolean(await update.returning("booking_id").executeTakeFirst());
}

export async function setDeliveryVideo(
  trx: Kysely<DB>,
  bookingId: string,
  videoUrl: string | null,
  now: Date,
) {
  await trx
    .updateTable("deliveries")
    .set({ video_url: videoUrl, updated_at: now })
    .where("booking_id", "=", bookingId)
    .execute();
}
