import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { DELIVERY } from "../../../contracts/constants.ts";
import type { Storage } from "../../platform/storage.ts";
import type { Db } from "../factories.ts";
import { seedDemoBooking } from "./bookings.ts";
import type { SeededCreator } from "./creators.ts";
import type { EncodedImage } from "./encoded-images.ts";

// The demo client's past sessions come with their photos: the oldest delivery accepted (with
// favourites), a newer one delivered and waiting for the client to accept it or report a problem.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const PHOTOS_PER_DELIVERY = 6;

type DemoPhoto = {
  original: Buffer;
  width: number;
  height: number;
  preview: Buffer;
  thumb: Buffer;
};

/** The seed's artworks as delivered photos: a JPEG original, the encoded sizes as previews. */
async function demoPhotos(artworks: EncodedImage[]): Promise<DemoPhoto[]> {
  const file = (image: EncodedImage, name: string) =>
    image.files.find((f) => f.name === name)?.data ?? image.files[0]!.data;
  return Promise.all(
    artworks.slice(0, PHOTOS_PER_DELIVERY).map(async (image) => {
      const original = await sharp(file(image, "large.webp")).jpeg({ quality: 90 }).toBuffer({
        resolveWithObject: true,
      });
      return {
        original: original.data,
        width: original.info.width,
        height: original.info.height,
        preview: file(image, "large.webp"),
        thumb: file(image, "thumb.webp"),
      };
    }),
  );
}

async function deliver(
  db: Db,
  storage: Storage,
  bookingId: string,
  photos: DemoPhoto[],
  state: { deliveredAgoMs: number; accepted: boolean },
) {
  const now = Date.now();
  const deliveredAt = new Date(now - state.deliveredAgoMs);
  const acceptBy = new Date(deliveredAt.getTime() + DELIVERY.autoAcceptHours * HOUR);
  await db
    .insertInto("deliveries")
    .values({
      booking_id: bookingId,
      status: state.accepted ? "accepted" : "delivered",
      delivered_at: deliveredAt,
      accept_by: acceptBy,
      accepted_at: state.accepted ? new Date(deliveredAt.getTime() + 5 * HOUR) : null,
      accepted_by: state.accepted ? "client" : null,
      created_at: deliveredAt,
      updated_at: deliveredAt,
    })
    .execute();
  const rows = await Promise.all(
    photos.map(async (p, i) => {
      const folder = `private/deliveries/${bookingId}/${randomUUID()}`;
      await storage.put(`${folder}/original.jpg`, p.original, "image/jpeg");
      await storage.put(`${folder}/preview.webp`, p.preview, "image/webp");
      await storage.put(`${folder}/thumb.webp`, p.thumb, "image/webp");
      return {
        booking_id: bookingId,
        client_upload_id: `seed-${i}`,
        original_key: `${folder}/original.jpg`,
        preview_key: `${folder}/preview.webp`,
        original_bytes: p.original.byteLength,
        width: p.width,
        height: p.height,
        content_type: "image/jpeg",
        file_name: `session-${String(i + 1).padStart(2, "0")}.jpg`,
        position: i + 1,
        created_at: deliveredAt,
      };
    }),
  );
  const files = await db.insertInto("delivery_files").values(rows).returning("id").execute();
  if (state.accepted) {
    await db
      .insertInto("delivery_favourites")
      .values(files.slice(0, 2).map((f) => ({ booking_id: bookingId, file_id: f.id })))
      .execute();
  }
}

/** Deliveries for the demo client's completed bookings, plus one more session to accept. */
export async function seedDemoDeliveries(
  db: Db,
  storage: Storage,
  clientId: string,
  creators: SeededCreator[],
  artworks: EncodedImage[],
) {
  const photos = await demoPhotos(artworks);
  const completed = await db
    .selectFrom("bookings")
    .select("id")
    .where("client_user_id", "=", clientId)
    .where("status", "=", "completed")
    .orderBy("start_time")
    .execute();
  for (const { id } of completed) {
    await deliver(db, storage, id, photos, { deliveredAgoMs: 17 * DAY, accepted: true });
  }
  const creator = creators[5] ?? creators[0]!;
  const recent = await seedDemoBooking(db, {
    creatorProfileId: creator.profile.id,
    clientUserId: clientId,
    startsInMs: -3 * DAY,
    bookedAgoMs: -12 * DAY,
    story: "completed",
    hours: 2,
    location: "Bill Baggs Cape Florida State Park, Key Biscayne, FL",
    eventType: "Family beach portraits",
  });
  await deliver(db, storage, recent.id, photos.slice().reverse(), {
    deliveredAgoMs: 20 * HOUR,
    accepted: false,
  });
}

/**
 * Every other completed booking of the demo world (the creators' history, the reviews' and
 * payouts' sessions) was delivered and accepted too, so each payout follows an accepted
 * delivery as it must: delivered two hours after completion and accepted a day before its
 * payout was due (or 20 hours after delivery when it has none). They show the photos of the
 * demo client's first delivery (the same stored files, so nothing more is written to storage).
 */
export async function seedPastDeliveries(db: Db) {
  const sample = await db
    .selectFrom("delivery_files")
    .selectAll()
    .orderBy("created_at")
    .orderBy("position")
    .limit(PHOTOS_PER_DELIVERY)
    .execute();
  const bookings = await db
    .selectFrom("bookings as b")
    .leftJoin("payouts as p", "p.booking_id", "b.id")
    .select(["b.id", "b.completed_at", "b.end_time", "p.due_at"])
    .where("b.status", "=", "completed")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("deliveries as d")
            .select("d.booking_id")
            .whereRef("d.booking_id", "=", "b.id"),
        ),
      ),
    )
    .execute();
  const now = Date.now();
  for (const b of bookings) {
    const completedAt = (b.completed_at ?? new Date(b.end_time.getTime() + DAY)).getTime();
    const deliveredAt = new Date(Math.min(completedAt + 2 * HOUR, now - 2 * HOUR));
    const wanted = b.due_at ? b.due_at.getTime() - DAY : deliveredAt.getTime() + 20 * HOUR;
    const acceptedAt = new Date(
      Math.min(Math.max(wanted, deliveredAt.getTime() + HOUR), now - HOUR),
    );
    await db
      .insertInto("deliveries")
      .values({
        booking_id: b.id,
        status: "accepted",
        delivered_at: deliveredAt,
        accept_by: new Date(deliveredAt.getTime() + DELIVERY.autoAcceptHours * HOUR),
        accepted_at: acceptedAt,
        accepted_by: "client",
        created_at: deliveredAt,
        updated_at: acceptedAt,
      })
      .execute();
    if (sample.length === 0) continue;
    await db
      .insertInto("delivery_files")
      .values(
        sample.map(({ id: _id, booking_id: _booking, ...file }) => ({
          ...file,
          booking_id: b.id,
          created_at: deliveredAt,
        })),
      )
      .execute();
  }
}
