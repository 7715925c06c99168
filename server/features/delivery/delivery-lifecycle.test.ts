import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { DELIVERY } from "../../../contracts/constants.ts";
import type { Delivery } from "../../../contracts/delivery.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import {
  AFTER_SESSION,
  change,
  delivered,
  deliveryWorld,
  get,
  photo,
  resolve,
  upload,
  uploaded,
  viewOf,
} from "./delivery-test-helpers.ts";
import { DELIVERY_JOBS } from "./jobs.ts";

// A delivery's life with a controllable clock: the creator uploads and delivers, the client
// is told and accepts — or reports a problem staff resolve, or lets it be accepted at accept_by.

let clock = AFTER_SESSION;
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());
beforeEach(() => {
  clock = AFTER_SESSION;
});

const HOUR = 60 * 60 * 1000;
const deliveryOf = async (r: Response) => ((await r.json()) as { delivery: Delivery }).delivery;
const row = (bookingId: string) =>
  app.database.db
    .selectFrom("deliveries")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .executeTakeFirstOrThrow();
/** What the creator was told of acceptances (one each time a delivery is accepted). */
const acceptanceNotes = async (creatorUserId: string) =>
  (
    await app.database.db
      .selectFrom("notifications")
      .select("body")
      .where("user_id", "=", creatorUserId)
      .where("kind", "=", "delivery_accepted")
      .execute()
  ).map((n) => n.body);

it("uploads at full resolution without metadata, delivers once, tells the client, and the client accepts", async () => {
  const w = await deliveryWorld(app);
  expect((await viewOf(app, w.client, w.bookingId)).status).toBe("none");
  const big = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: "#e94" },
  })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "25/1 46/1 0/1" } })
    .toBuffer();
  const first = await upload(app, w.creator, w.bookingId, big, {
    name: '../../etc/"Beach"\u0007.jpeg',
  });
  expect(first.status).toBe(201);
  const { file } = (await first.json()) as { file: Delivery["files"][number] };
  expect(file).toMatchObject({ width: 4000, height: 3000, fileName: "Beach.jpg" });
  await uploaded(app, w.creator, w.bookingId, "#3a3");

  // A draft: the creator sees the photos, the client sees none of them yet.
  const draft = await viewOf(app, w.creator, w.bookingId);
  expect(draft).toMatchObject({ status: "draft", canUpload: true });
  expect(draft.files).toHaveLength(2);
  expect((await viewOf(app, w.client, w.bookingId)).files).toEqual([]);
  expect((await get(app, w.client, file.downloadUrl)).status).toBe(404);

  const original = await get(app, w.creator, file.downloadUrl);
  expect(original.status).toBe(200);
  expect(original.headers.get("content-disposition")).toContain('filename="Beach.jpg"');
  const meta = await sharp(Buffer.from(await original.arrayBuffer())).metadata();
  expect(meta).toMatchObject({ format: "jpeg", width: 4000, height: 3000 });
  expect(meta.exif).toBeUndefined();
  const preview = await get(app, w.creator, file.previewUrl);
  const previewMeta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
  expect(previewMeta).toMatchObject({ format: "webp", width: DELIVERY.previewMaxPx });

  // A video link must be https.
  const http = await change(
    app,
    w.creator,
    w.bookingId,
    "/video",
    { videoUrl: "http://x.test/v" },
    "PUT",
  );
  expect(http.status).toBe(400);
  const video = await change(
    app,
    w.creator,
    w.bookingId,
    "/video",
    { videoUrl: "https://vimeo.com/1" },
    "PUT",
  );
  expect((await deliveryOf(video)).videoUrl).toBe("https://vimeo.com/1");

  const deliveredAt = clock;
  const sent = await change(app, w.creator, w.bookingId, "/deliver");
  expect(sent.status).toBe(200);
  const after = await deliveryOf(sent);
  expect(after).toMatchObject({
    status: "delivered",
    deliveredAt: deliveredAt.toISOString(),
    acceptBy: new Date(deliveredAt.getTime() + DELIVERY.autoAcceptHours * HOUR).toISOString(),
  });
  // A retried deliver changes nothing and tells nobody twice.
  clock = new Date(clock.getTime() + HOUR);
  expect(
    (await deliveryOf(await change(app, w.creator, w.bookingId, "/deliver"))).deliveredAt,
  ).toBe(deliveredAt.toISOString());
  const notes = await app.database.db
    .selectFrom("notifications")
    .select(["kind", "link"])
    .where("user_id", "=", w.client.userId)
    .execute();
  expect(notes).toEqual([{ kind: "delivery_ready", link: `/bookings/${w.bookingId}/photos` }]);
  await app.deps.jobs.drain();
  const mails = await app.database.db
    .selectFrom("mail_outbox")
    .select(["subject", "text_body"])
    .where("to_address", "=", w.client.email)
    .execute();
  expect(mails).toHaveLength(1);
  expect(mails[0]!.text_body).toContain(`/bookings/${w.bookingId}/photos`);

  // Delivered: photos can no longer be removed, but more can still be added.
  const removal = await change(
    app,
    w.creator,
    w.bookingId,
    `/files/${file.id}`,
    undefined,
    "DELETE",
  );
  expect(removal.status).toBe(409);
  await uploaded(app, w.creator, w.bookingId, "#33a");
  const seen = await viewOf(app, w.client, w.bookingId);
  expect(seen.files).toHaveLength(3);
  expect(seen.videoUrl).toBe("https://vimeo.com/1");

  // Favourites: the client's, seen by the creator.
  const fav = await change(
    app,
    w.client,
    w.bookingId,
    `/files/${file.id}/favourite`,
    { favourite: true },
    "PUT",
  );
  expect(fav.status).toBe(200);
  await change(
    app,
    w.client,
    w.bookingId,
    `/files/${file.id}/favourite`,
    { favourite: true },
    "PUT",
  );
  const theirs = await viewOf(app, w.creator, w.bookingId);
  expect(theirs.files.filter((f) => f.favourite).map((f) => f.id)).toEqual([file.id]);

  const accepted = await change(app, w.client, w.bookingId, "/accept");
  expect(await deliveryOf(accepted)).toMatchObject({ status: "accepted", acceptedBy: "client" });
  expect((await change(app, w.client, w.bookingId, "/accept")).status).toBe(200);
  expect((await change(app, w.client, w.bookingId, "/report", { problem: "late" })).status).toBe(
    409,
  );
  expect((await upload(app, w.creator, w.bookingId, await photo())).status).toBe(409);
  expect(await acceptanceNotes(w.creator.userId)).toEqual([
    expect.stringMatching(
      /^Test User accepted the photos of your session\. Your payout follows within 24–48 hours\.$/,
    ),
  ]);
});

it("a reported problem stops the automatic acceptance, tells staff, and staff resolve it once", async () => {
  const w = await deliveryWorld(app);
  await delivered(app, w);
  expect((await change(app, w.client, w.bookingId, "/report", { problem: " " })).status).toBe(400);
  const reported = await change(app, w.client, w.bookingId, "/report", {
    problem: "Half the photos are blurry",
  });
  expect(await deliveryOf(reported)).toMatchObject({
    status: "disputed",
    problemText: "Half the photos are blurry",
  });
  expect((await change(app, w.client, w.bookingId, "/report", { problem: "again" })).status).toBe(
    200,
  );
  expect((await change(app, w.client, w.bookingId, "/accept")).status).toBe(409);
  const staffNote = await app.database.db
    .selectFrom("admin_notifications")
    .select(["kind", "link", "body"])
    .where("link", "=", `/bookings/${w.bookingId}/photos`)
    .execute();
  expect(staffNote).toHaveLength(1);
  expect(staffNote[0]!.body).toContain("Half the photos are blurry");

  // Past accept_by, the job leaves a disputed delivery alone.
  clock = new Date(clock.getTime() + (DELIVERY.autoAcceptHours + 1) * HOUR);
  await app.deps.jobs.run(DELIVERY_JOBS.autoAccept, {}, clock);
  expect((await row(w.bookingId)).status).toBe("disputed");

  // Staff see it from the same page and resolve it; the audit log records it.
  expect((await viewOf(app, w.admin, w.bookingId)).role).toBe("staff");
  const resolved = await resolve(app, w.admin, w.bookingId, "Creator re-sent sharper versions");
  expect(resolved.status).toBe(200);
  expect(await deliveryOf(resolved)).toMatchObject({
    status: "accepted",
    acceptedBy: "staff",
    problemResolution: "Creator re-sent sharper versions",
  });
  expect((await resolve(app, w.admin, w.bookingId, "again")).status).toBe(200);
  const audit = await app.database.db
    .selectFrom("staff_audit_log")
    .select(["action", "actor_user_id", "reason"])
    .where("target_id", "=", w.bookingId)
    .execute();
  expect(audit).toEqual([
    {
      action: "delivery.resolve",
      actor_user_id: w.admin.userId,
      reason: "Creator re-sent sharper versions",
    },
  ]);
  expect(await acceptanceNotes(w.creator.userId)).toEqual([
    expect.stringContaining("Staff settled the problem Test User reported"),
  ]);
});

it("accepts automatically at accept_by, not a moment before", async () => {
  const w = await deliveryWorld(app);
  const d = await delivered(app, w, 1);
  const acceptBy = new Date(d.acceptBy!);
  clock = new Date(acceptBy.getTime() - 1000);
  await app.deps.jobs.run(DELIVERY_JOBS.autoAccept, {}, clock);
  expect((await row(w.bookingId)).status).toBe("delivered");
  clock = acceptBy;
  await app.deps.jobs.run(DELIVERY_JOBS.autoAccept, {}, clock);
  await app.deps.jobs.run(DELIVERY_JOBS.autoAccept, {}, clock);
  expect(await row(w.bookingId)).toMatchObject({
    status: "accepted",
    accepted_by: "system",
    accepted_at: acceptBy,
  });
  expect(await acceptanceNotes(w.creator.userId)).toEqual([
    expect.stringContaining("were accepted automatically"),
  ]);
});

it("an upload retried with the same id is stored once; a non-image is refused", async () => {
  const w = await deliveryWorld(app, "confirmed");
  const data = await photo("#a33");
  const first = await upload(app, w.creator, w.bookingId, data, { uploadId: "u-1" });
  const retry = await upload(app, w.creator, w.bookingId, data, { uploadId: "u-1" });
  expect([first.status, retry.status]).toEqual([201, 200]);
  const a = (await first.json()) as { file: { id: string } };
  const b = (await retry.json()) as { file: { id: string } };
  expect(b.file.id).toBe(a.file.id);
  expect((await viewOf(app, w.creator, w.bookingId)).files).toHaveLength(1);

  const fake = await upload(app, w.creator, w.bookingId, Buffer.from("%PDF-1.7 not a photo"), {
    name: "contract.jpg",
  });
  expect(fake.status).toBe(400);
  expect(((await fake.json()) as { error: { message: string } }).error.message).toBe(
    "File is not an image",
  );
  const noId = await upload(app, w.creator, w.bookingId, data, { uploadId: "../x" });
  expect(noId.status).toBe(400);
  // Removing a draft photo removes it; removing it again is done too.
  const gone = await change(
    app,
    w.creator,
    w.bookingId,
    `/files/${a.file.id}`,
    undefined,
    "DELETE",
  );
  expect(gone.status).toBe(204);
  expect(
    (await change(app, w.creator, w.bookingId, `/files/${a.file.id}`, undefined, "DELETE")).status,
  ).toBe(204);
  // Nothing to deliver.
  expect((await change(app, w.creator, w.bookingId, "/deliver")).status).toBe(400);
});

it("refuses uploads before the session has ended", async () => {
  const w = await deliveryWorld(app, "confirmed");
  clock = new Date("2030-11-20T16:00:00Z");
  expect((await upload(app, w.creator, w.bookingId, await photo())).status).toBe(409);
  expect((await viewOf(app, w.creator, w.bookingId)).canUpload).toBe(false);
});
