import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookingPagePath } from "../../../contracts/bookings.ts";
import type { Notification, NotificationsResponse } from "../../../contracts/notifications.ts";
import {
  act,
  approveRemainder,
  book,
  bookingParties,
  type Party,
  paidBooking,
  payInSandbox,
} from "../../test/bookings.ts";
import {
  hail,
  hailClient,
  northOf,
  offerAction,
  onlineCreator,
  readHail,
} from "../../test/hail.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { BOOKING_JOBS } from "./job-names.ts";

// Each booking transition puts the right notification in the right party's centre (never the
// one who acted), linking to the booking's page. States are reached over HTTP and by the jobs.

const T0 = new Date("2030-11-23T15:00:00Z");
let clock = T0;
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app?.close());
beforeEach(() => {
  clock = T0;
});

const SESSION = { date: "2030-12-10", startTime: "10:00", hours: 2 };
const AFTER_CAPTURE = new Date("2030-12-12T12:00:00Z");
const BALANCE_OPENS = new Date("2030-12-08T18:00:00Z");

async function notificationsOf(party: Party): Promise<Notification[]> {
  await app.deps.jobs.drain();
  const response = await app.fetch("/api/notifications", { headers: { cookie: party.cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as NotificationsResponse).notifications;
}

/** Kind and title of each, sorted (the test clock stands still, so times tie). */
const summary = (list: Notification[]) => list.map((n) => `${n.kind}: ${n.title}`).sort();
const ofKind = (list: Notification[], kind: Notification["kind"]) =>
  list.find((n) => n.kind === kind);

async function pendingBooking() {
  const p = await bookingParties(app);
  const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
  return { ...p, id };
}

const ok = async (response: Response) =>
  expect(response.status, await response.clone().text()).toBe(200);

describe("booking notifications", () => {
  it("a paid request: the creator is asked, the client told the deposit was charged", async () => {
    const s = await pendingBooking();
    const [request] = await notificationsOf(s.creator);
    expect(request).toMatchObject({
      kind: "booking_requested",
      title: "New booking request",
      link: bookingPagePath(s.id),
      read: false,
      count: 1,
    });
    expect(request!.body).toMatch(/asked to book you for .*2030/);
    expect(summary(await notificationsOf(s.client))).toEqual(["payment_captured: Deposit paid"]);
  });

  it("accept: the client hears it is confirmed; the creator gets nothing new", async () => {
    const s = await pendingBooking();
    await ok(await act(app, s.creator, s.id, "accept"));
    const confirmed = ofKind(await notificationsOf(s.client), "booking_accepted");
    expect(confirmed).toMatchObject({
      kind: "booking_accepted",
      title: "Booking confirmed",
      link: bookingPagePath(s.id),
    });
    expect(confirmed!.body).toMatch(/ accepted your booking for /);
    expect(summary(await notificationsOf(s.creator))).toEqual([
      "booking_requested: New booking request",
    ]);
  });

  it("decline: the client hears it, then the refund", async () => {
    const s = await pendingBooking();
    await ok(await act(app, s.creator, s.id, "decline"));
    expect(summary(await notificationsOf(s.client))).toEqual([
      "booking_declined: Booking declined",
      "payment_captured: Deposit paid",
      "payment_refunded: Refund issued",
    ]);
    expect(summary(await notificationsOf(s.creator))).toEqual([
      "booking_requested: New booking request",
    ]);
  });

  it("cancel by the client: the creator is told, the client is not", async () => {
    const s = await pendingBooking();
    await ok(await act(app, s.client, s.id, "cancel", { reason: "Plans changed" }));
    const cancelled = ofKind(await notificationsOf(s.creator), "booking_cancelled");
    expect(cancelled).toMatchObject({
      kind: "booking_cancelled",
      title: "Booking request cancelled",
      link: bookingPagePath(s.id),
    });
    const client = summary(await notificationsOf(s.client));
    expect(client.filter((n) => n.startsWith("booking_cancelled"))).toEqual([]);
    expect(client).toContain("payment_refunded: Refund issued");
  });

  it("cancel of a confirmed booking by the creator: the client is told", async () => {
    const s = await pendingBooking();
    await ok(await act(app, s.creator, s.id, "accept"));
    await ok(await act(app, s.creator, s.id, "cancel", { reason: "Ill" }));
    const client = summary(await notificationsOf(s.client));
    expect(client).toContain("booking_cancelled: Booking cancelled");
    expect(summary(await notificationsOf(s.creator))).toEqual([
      "booking_requested: New booking request",
    ]);
  });

  it("an unanswered request expires for both; an unpaid one for the client", async () => {
    const p = await bookingParties(app);
    const unpaid = (await book(app, p.client, { creatorId: p.creatorId, ...SESSION })).booking.id;
    const s = await pendingBooking();
    clock = new Date(T0.getTime() + 25 * 60 * 60 * 1000);
    await app.deps.jobs.run(BOOKING_JOBS.expireRequest, { bookingId: s.id }, clock);
    expect(summary(await notificationsOf(s.creator))).toEqual([
      "booking_expired: Booking request expired",
      "booking_requested: New booking request",
    ]);
    expect(summary(await notificationsOf(s.client))).toContain(
      "booking_expired: Booking request expired",
    );

    clock = new Date(T0.getTime() + 31 * 60_000);
    await app.deps.jobs.run(BOOKING_JOBS.expirePayment, { bookingId: unpaid }, clock);
    expect(summary(await notificationsOf(p.client))).toEqual([
      "booking_expired: Booking request expired",
    ]);
    expect(await notificationsOf(p.creator)).toEqual([]);
  });

  it("the balance's window asks the client to approve it; completion tells the client", async () => {
    const s = await pendingBooking();
    await ok(await act(app, s.creator, s.id, "accept"));
    clock = BALANCE_OPENS;
    await app.deps.jobs.run(BOOKING_JOBS.remainderDue, { bookingId: s.id }, clock);
    const due = ofKind(await notificationsOf(s.client), "hold_needs_approval");
    expect(due).toMatchObject({
      kind: "hold_needs_approval",
      title: "Please approve the remaining balance",
      link: bookingPagePath(s.id),
    });
    await approveRemainder(app, s.client, s.id);
    expect(summary(await notificationsOf(s.creator))).toContain(
      "payment_captured: Balance approved",
    );
    clock = AFTER_CAPTURE;
    await app.deps.jobs.run(BOOKING_JOBS.complete, { bookingId: s.id }, clock);
    expect(summary(await notificationsOf(s.client))).toEqual([
      "booking_accepted: Booking confirmed",
      "hold_needs_approval: Please approve the remaining balance",
      "payment_captured: Deposit paid",
      "payment_captured: Payment completed",
    ]);
  });

  it("a hail's booking is confirmed to both, and the client's payment charged", async () => {
    const point = { lat: 60, lng: -20 };
    const creator = await onlineCreator(app, { base: northOf(point, 1), seenAt: clock });
    const client = await hailClient(app);
    const created = await hail(app, client, { ...point });
    expect(await payInSandbox(app, created.order)).toContain("payment=approved");
    await ok(await offerAction(app, creator, created.hail.id, "accept"));
    const { bookingId } = await readHail(app, client, created.hail.id);
    const toClient = await notificationsOf(client);
    expect(summary(toClient)).toEqual([
      "booking_confirmed: Booking confirmed",
      "payment_captured: Payment charged",
    ]);
    expect(toClient.every((n) => n.link === bookingPagePath(bookingId!))).toBe(true);
    expect(summary(await notificationsOf(creator))).toEqual([
      "booking_confirmed: Booking confirmed",
    ]);
  });
});
