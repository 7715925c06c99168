import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { Delivery, DeliveryFile } from "../../../contracts/delivery.ts";
import { createBooking } from "../../db/factories.ts";
import { createAdmin, createVerifiedUser } from "../../test/accounts.ts";
import { bookingParties, type Party } from "../../test/bookings.ts";
import { jsonRequest } from "../../test/sessions.ts";
import type { TestApp } from "../../test/test-app.ts";
import { form, photo } from "../profile-setup/uploads-test-helpers.ts";

export { photo };
export const SESSION_START = new Date("2030-11-20T15:00:00Z");
/** The session ran 2 hours; "now" in these tests is after it unless a test says otherwise. */
export const AFTER_SESSION = new Date("2030-11-21T09:00:00Z");

const api = (bookingId: string, rest = "") => `/api/bookings/${bookingId}/delivery${rest}`;

/** A creator and client with a booking whose session has ended, plus people with no part in it. */
export async function deliveryWorld(app: TestApp, status: "confirmed" | "completed" = "completed") {
  const parties = await bookingParties(app);
  const booking = await createBooking(app.database.db, {
    creatorProfileId: parties.creatorId,
    clientUserId: parties.client.userId,
    startTime: SESSION_START,
    hours: 2,
    status,
  });
  const strangers = await bookingParties(app);
  const admin = await createAdmin(app);
  return {
    bookingId: booking.id,
    creator: parties.creator,
    client: parties.client,
    otherCreator: strangers.creator,
    otherClient: strangers.client,
    admin: { userId: admin.userId, email: admin.email, cookie: admin.cookie } as Party,
  };
}

export const signedOut: Party = { userId: "", email: "", cookie: "" };
const headers = (party: Party): Record<string, string> =>
  party.cookie ? { cookie: party.cookie } : {};

export function upload(
  app: TestApp,
  party: Party,
  bookingId: string,
  data: Buffer,
  { uploadId = randomUUID() as string, name = "IMG_0001.jpg", type = "image/jpeg" } = {},
) {
  return app.fetch(api(bookingId, "/files"), {
    method: "POST",
    headers: { ...headers(party), origin: app.url },
    body: form("file", [[data, name, type]], { uploadId }),
  });
}

export async function uploaded(app: TestApp, party: Party, bookingId: string, color?: string) {
  const response = await upload(app, party, bookingId, await photo(color));
  expect(response.status).toBe(201);
  return ((await response.json()) as { file: DeliveryFile }).file;
}

export const get = (app: TestApp, party: Party, path: string) =>
  app.fetch(path, { headers: headers(party) });

export const view = (app: TestApp, party: Party, bookingId: string) =>
  get(app, party, api(bookingId));

export async function viewOf(app: TestApp, party: Party, bookingId: string) {
  const response = await view(app, party, bookingId);
  expect(response.status).toBe(200);
  return ((await response.json()) as { delivery: Delivery }).delivery;
}

/** POST/PUT/DELETE on the delivery (deliver, accept, report, video…). */
export function change(
  app: TestApp,
  party: Party,
  bookingId: string,
  rest: string,
  body: unknown = {},
  method = "POST",
) {
  return app.fetch(api(bookingId, rest), jsonRequest(method, body, party.cookie || undefined));
}

export function resolve(app: TestApp, party: Party, bookingId: string, resolution: string) {
  return app.fetch(
    `/api/admin/deliveries/${bookingId}/resolve`,
    jsonRequest("POST", { resolution }, party.cookie || undefined),
  );
}

/** A creator's delivery with `count` photos, delivered. */
export async function delivered(
  app: TestApp,
  w: Awaited<ReturnType<typeof deliveryWorld>>,
  count = 2,
) {
  for (let i = 0; i < count; i++) await uploaded(app, w.creator, w.bookingId);
  const response = await change(app, w.creator, w.bookingId, "/deliver");
  expect(response.status).toBe(200);
  return ((await response.json()) as { delivery: Delivery }).delivery;
}

export async function createStranger(app: TestApp): Promise<Party> {
  const u = await createVerifiedUser(app);
  return { userId: u.userId, email: u.email, cookie: u.cookie };
}
