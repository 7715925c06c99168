import type { BookingDetail, CreateBookingResponse } from "../../contracts/bookings.ts";
import { createCreator } from "../db/factories.ts";
import { createVerifiedUser } from "./accounts.ts";
import { jsonRequest } from "./sessions.ts";
import type { TestApp } from "./test-app.ts";

// Booking journeys over real HTTP, paid through the built-in sandbox provider's own pages.

export type Party = { userId: string; email: string; cookie: string };

/** A listed creator at $150/h who can sign in, and a client. */
export async function bookingParties(app: TestApp, rateCents = 15_000) {
  const creatorAccount = await createVerifiedUser(app);
  const profile = await createCreator(app.database.db, {
    userId: creatorAccount.userId,
    hourlyRateCents: rateCents,
  });
  const client = await createVerifiedUser(app);
  return {
    creatorId: profile.profile.id,
    creator: {
      userId: creatorAccount.userId,
      email: creatorAccount.email,
      cookie: creatorAccount.cookie,
    },
    client: { userId: client.userId, email: client.email, cookie: client.cookie },
  };
}

export const freshKey = () => `test-key-${crypto.randomUUID()}`;

export type BookingInput = {
  creatorId: string;
  date?: string;
  startTime?: string;
  hours?: number;
  location?: string;
  notes?: string | null;
};

/** A create request's body: a three-hour session at 10:00 unless `input` says otherwise. */
export const bookingBody = (input: BookingInput) => ({
  date: "2031-06-10",
  startTime: "10:00",
  hours: 3,
  location: "1 Ocean Dr, Miami, FL 33139",
  ...input,
});

/** POST /api/bookings; answers the raw response. */
export function requestBooking(app: TestApp, client: Party, input: BookingInput, key = freshKey()) {
  return app.fetch(
    "/api/bookings",
    jsonRequest("POST", bookingBody(input), client.cookie, { "Idempotency-Key": key }),
  );
}

export async function book(app: TestApp, client: Party, input: BookingInput) {
  const response = await requestBooking(app, client, input);
  if (response.status !== 201)
    throw new Error(`booking failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as CreateBookingResponse;
}

/**
 * What the buyer does on the sandbox checkout page: approve (with a test outcome) or cancel;
 * then the browser follows the redirect to our return URL. Answers where that lands.
 */
export async function payInSandbox(
  app: TestApp,
  order: CreateBookingResponse["order"],
  action: "approve" | "cancel" = "approve",
  outcome: "approve" | "decline" | "lapse" = "approve",
) {
  const href = order.links.find((l) => l.rel === "approve")?.href;
  if (!href) throw new Error("no approve link");
  const checkout = await fetch(href, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
    body: new URLSearchParams({ action, outcome }).toString(),
    redirect: "manual",
  });
  const back = checkout.headers.get("location");
  if (checkout.status !== 303 || !back) throw new Error(`checkout answered ${checkout.status}`);
  const landing = await fetch(back, { redirect: "manual" });
  return landing.headers.get("location") ?? "";
}

export async function getBooking(app: TestApp, party: Party, id: string) {
  const response = await app.fetch(`/api/bookings/${id}`, { headers: { cookie: party.cookie } });
  if (response.status !== 200) throw new Error(`read failed: ${response.status}`);
  return (await response.json()) as BookingDetail;
}

export function act(
  app: TestApp,
  party: Party,
  id: string,
  action: string,
  body: unknown = undefined,
) {
  return app.fetch(`/api/bookings/${id}/${action}`, jsonRequest("POST", body ?? {}, party.cookie));
}

/** Books and pays the deposit (approve): the booking is then pending, its balance awaiting. */
export async function paidBooking(app: TestApp, client: Party, input: BookingInput) {
  const created = await book(app, client, input);
  const landing = await payInSandbox(app, created.order);
  if (!landing.includes("payment=approved")) throw new Error(`payment landed on ${landing}`);
  return created.booking.id;
}

/** The client approves the remaining balance in the sandbox; answers where the browser lands. */
export async function approveRemainder(
  app: TestApp,
  client: Party,
  bookingId: string,
  outcome: "approve" | "decline" | "lapse" = "approve",
) {
  const response = await act(app, client, bookingId, "approve-remainder");
  if (response.status !== 200) {
    throw new Error(`approve-remainder answered ${response.status} ${await response.text()}`);
  }
  const { order } = (await response.json()) as { order: CreateBookingResponse["order"] };
  return payInSandbox(app, order, "approve", outcome);
}

/** The booking's status and how many events and ledger lines it has, read from the database. */
export async function bookingState(app: TestApp, id: string) {
  const db = app.database.db;
  const row = await db
    .selectFrom("bookings")
    .select(["status", "remainder_state"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const count = async (table: "booking_events" | "payment_ledger") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .where("booking_id", "=", id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    status: row.status,
    remainderState: row.remainder_state,
    events: await count("booking_events"),
    ledger: await count("payment_ledger"),
  };
}

/** The creator's minimum notice and buffer (PUT /api/availability/schedule/settings). */
export async function scheduleSettings(
  app: TestApp,
  creator: Party,
  settings: { minNoticeMinutes: number; bufferMinutes: number },
) {
  const response = await app.fetch(
    "/api/availability/schedule/settings",
    jsonRequest("PUT", settings, creator.cookie),
  );
  if (response.status !== 200) throw new Error(`settings failed: ${response.status}`);
}
