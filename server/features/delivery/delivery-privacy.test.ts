import { afterAll, beforeAll, expect, it } from "vitest";
import type { Party } from "../../test/bookings.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import {
  AFTER_SESSION,
  change,
  delivered,
  deliveryWorld,
  get,
  photo,
  resolve,
  signedOut,
  upload,
  view,
} from "./delivery-test-helpers.ts";

// Only the booking's two parties and staff see a delivery; to anyone else it does not exist.
// Within it, each party may do only their own part.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { now: () => AFTER_SESSION });
});
afterAll(() => app?.close());

it("answers every delivery route to the wrong person with 401, 403 or 404", async () => {
  const w = await deliveryWorld(app);
  const d = await delivered(app, w, 1);
  const file = d.files[0]!;
  const id = w.bookingId;
  const calls: Record<string, (p: Party) => Promise<Response>> = {
    view: (p) => view(app, p, id),
    upload: async (p) => upload(app, p, id, await photo()),
    delete: (p) => change(app, p, id, `/files/${file.id}`, undefined, "DELETE"),
    video: (p) => change(app, p, id, "/video", { videoUrl: "https://vimeo.com/2" }, "PUT"),
    deliver: (p) => change(app, p, id, "/deliver"),
    accept: (p) => change(app, p, id, "/accept"),
    report: (p) => change(app, p, id, "/report", { problem: "blurry" }),
    favourite: (p) => change(app, p, id, `/files/${file.id}/favourite`, { favourite: true }, "PUT"),
    thumb: (p) => get(app, p, file.thumbUrl),
    preview: (p) => get(app, p, file.previewUrl),
    original: (p) => get(app, p, file.downloadUrl),
    zip: (p) => get(app, p, d.zipUrl!),
  };
  const statuses = async (p: Party) => {
    const out: Record<string, number> = {};
    for (const [name, call] of Object.entries(calls)) out[name] = (await call(p)).status;
    return out;
  };
  const all = (status: number) =>
    Object.fromEntries(Object.keys(calls).map((name) => [name, status]));

  expect(await statuses(signedOut)).toEqual(all(401));
  expect(await statuses(w.otherClient)).toEqual(all(404));
  expect(await statuses(w.otherCreator)).toEqual(all(404));
  // Staff see everything but act for neither party.
  expect(await statuses(w.admin)).toEqual({
    ...all(403),
    view: 200,
    thumb: 200,
    preview: 200,
    original: 200,
    zip: 200,
  });
  // The creator cannot accept, report or favourite for the client…
  const creator = await statuses(w.creator);
  expect([creator.accept, creator.report, creator.favourite]).toEqual([403, 403, 403]);
  // …nor the client upload, remove, link or deliver.
  const client = await statuses(w.client);
  expect([client.upload, client.delete, client.video, client.deliver]).toEqual([
    403, 403, 403, 403,
  ]);
  expect([client.view, client.original, client.zip]).toEqual([200, 200, 200]);

  // Resolving is staff's only: 401 signed out, 403 for the parties.
  expect((await resolve(app, signedOut, id, "ok")).status).toBe(401);
  expect((await resolve(app, w.client, id, "ok")).status).toBe(403);
  expect((await resolve(app, w.creator, id, "ok")).status).toBe(403);
  // Not disputed: nothing to resolve.
  expect((await resolve(app, w.admin, id, "ok")).status).toBe(409);
  // An unknown booking or file is 404, for staff too.
  const unknown = crypto.randomUUID();
  expect((await view(app, w.admin, unknown)).status).toBe(404);
  expect((await resolve(app, w.admin, unknown, "ok")).status).toBe(404);
  expect((await get(app, w.client, file.downloadUrl.replace(file.id, unknown))).status).toBe(404);

  // Private storage: nothing under the public media prefix.
  const row = await app.database.db
    .selectFrom("delivery_files")
    .select(["original_key", "preview_key"])
    .where("id", "=", file.id)
    .executeTakeFirstOrThrow();
  expect(row.original_key.startsWith("private/")).toBe(true);
  expect((await app.fetch(`/media/${row.preview_key}`)).status).toBe(404);
  expect((await get(app, w.client, file.downloadUrl)).headers.get("cache-control")).toMatch(
    /^private/,
  );
});
