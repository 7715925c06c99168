import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BookingStatus } from "../../../contracts/enums.ts";
import { createAdmin, createVerifiedUser } from "../../test/accounts.ts";
import {
  act,
  approveRemainder,
  book,
  bookingParties,
  bookingState,
  type Party,
  paidBooking,
} from "../../test/bookings.ts";
import { jsonRequest } from "../../test/sessions.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { BOOKING_JOBS } from "./job-names.ts";

// Every action from every status by every role, over HTTP. States are reached the way they are
// in life (book, pay in the sandbox, answer, jobs). A refused action answers 409 (404 to a
// stranger, 401 signed out) and changes nothing: status, events and ledger stay as they were.

// Far in the future: no queued job's start_after is reached in real time, so only the jobs
// a test runs (jobs.run) or drains (settlement) ever run.
const T0 = new Date("2030-06-01T12:00:00Z");
let clock = T0;
let app: TestApp;
let staff: Party;

beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
  const admin = await createAdmin(app);
  staff = { userId: admin.userId, email: admin.email, cookie: admin.cookie };
});
afterAll(() => app?.close());
beforeEach(() => {
  clock = T0;
});

const SESSION = { date: "2030-06-20", startTime: "10:00", hours: 2 }; // 14:00Z to 16:00Z
const AFTER_START = new Date("2030-06-20T15:00:00Z");
const AFTER_CAPTURE = new Date("2030-06-21T16:00:00Z");
const BALANCE_OPENS = new Date("2030-06-18T17:00:00Z");

type Role = "client" | "creator" | "stranger" | "staff" | "anonymous";
const ROLES: Role[] = ["client", "creator", "stranger", "staff", "anonymous"];
const ACTIONS = [
  "accept",
  "decline",
  "cancel",
  "report-problem",
  "pay",
  "approve-remainder",
] as const;
type Action = (typeof ACTIONS)[number];
const BODIES: Record<Action, unknown> = {
  accept: {},
  decline: {},
  cancel: { reason: "Plans changed" },
  "report-problem": { description: "The photographer never came" },
  pay: {},
  "approve-remainder": {},
};

type Scene = { id: string; parties: Record<Exclude<Role, "anonymous">, Party> };

/** A booking of fresh parties, brought to `status` through the API and the jobs. */
async function bookingIn(status: BookingStatus): Promise<Scene> {
  const p = await bookingParties(app);
  const stranger = await createVerifiedUser(app);
  const parties = {
    client: p.client,
    creator: p.creator,
    staff,
    stranger: { userId: stranger.userId, email: stranger.email, cookie: stranger.cookie },
  };
  const input = { creatorId: p.creatorId, ...SESSION };
  const ok = async (r: Response) => expect(r.status, await r.clone().text()).toBe(200);
  let id: string;
  if (status === "pending_payment" || status === "cancelled" || status === "expired") {
    id = (await book(app, p.client, input)).booking.id;
    if (status === "cancelled") await ok(await act(app, p.client, id, "cancel", {}));
    if (status === "expired")
      await app.deps.jobs.run(
        BOOKING_JOBS.expirePayment,
        { bookingId: id },
        new Date(T0.getTime() + 31 * 60_000),
      );
  } else {
    id = await paidBooking(app, p.client, input);
    if (status === "declined") await ok(await act(app, p.creator, id, "decline"));
    if (status === "confirmed" || status === "completed")
      await ok(await act(app, p.creator, id, "accept"));
    if (status === "completed") {
      clock = BALANCE_OPENS;
      await approveRemainder(app, p.client, id);
      clock = AFTER_CAPTURE;
      await app.deps.jobs.run(BOOKING_JOBS.complete, { bookingId: id }, clock);
      clock = T0;
    }
  }
  await app.deps.jobs.drain();
  expect((await bookingState(app, id)).status).toBe(status);
  return { id, parties };
}

function attempt(scene: Scene, role: Role, action: Action) {
  if (role === "anonymous")
    return app.fetch(`/api/bookings/${scene.id}/${action}`, jsonRequest("POST", BODIES[action]));
  return act(app, scene.parties[role], scene.id, action, BODIES[action]);
}

/** What is allowed: status → "role action" → the status after it. */
const ALLOWED: Partial<Record<BookingStatus, Record<string, BookingStatus>>> = {
  pending_payment: { "client pay": "pending_payment", "client cancel": "cancelled" },
  pending: {
    "creator accept": "confirmed",
    "creator decline": "declined",
    "client cancel": "cancelled",
    "staff cancel": "cancelled",
  },
  confirmed: {
    "client cancel": "cancelled",
    "creator cancel": "cancelled",
    "staff cancel": "cancelled",
    // Only once the session has started (see the case below).
    "client report-problem": "confirmed",
  },
};

const STATUSES: BookingStatus[] = [
  "pending_payment",
  "pending",
  "confirmed",
  "completed",
  "declined",
  "cancelled",
  "expired",
];

describe("refused actions change nothing", () => {
  it.each(STATUSES)("from %s", async (status) => {
    const scene = await bookingIn(status);
    const before = await bookingState(app, scene.id);
    const allowed = ALLOWED[status] ?? {};
    for (const role of ROLES) {
      for (const action of ACTIONS) {
        const key = `${role} ${action}`;
        // Reporting a problem before the session starts is refused too.
        if (key in allowed && key !== "client report-problem") continue;
        const response = await attempt(scene, role, action);
        const expected = role === "anonymous" ? 401 : role === "stranger" ? 404 : 409;
        expect(response.status, `${key} from ${status}: ${await response.text()}`).toBe(expected);
      }
    }
    await app.deps.jobs.drain();
    expect(await bookingState(app, scene.id)).toEqual(before);
  });
});

const ALLOWED_CASES = Object.entries(ALLOWED).flatMap(([status, moves]) =>
  Object.entries(moves ?? {}).map(([key, to]) => {
    const [role, action] = key.split(" ") as [Role, Action];
    return { status: status as BookingStatus, role, action, to };
  }),
);

describe("allowed actions", () => {
  it.each(ALLOWED_CASES)(
    "$role $action from $status → $to",
    async ({ status, role, action, to }) => {
      const scene = await bookingIn(status);
      const before = await bookingState(app, scene.id);
      if (action === "report-problem") clock = AFTER_START;
      const response = await attempt(scene, role, action);
      expect(response.status, await response.clone().text()).toBe(200);
      const body = (await response.json()) as { booking: { status: string; viewerRole: string } };
      expect(body.booking.status).toBe(to);
      expect(body.booking.viewerRole).toBe(role);
      await app.deps.jobs.drain();
      const after = await bookingState(app, scene.id);
      expect(after.status).toBe(to);
      // A move writes its event; paying again and reporting a problem are not moves.
      expect(after.events).toBe(before.events + (action === "pay" ? 0 : 1));
      // The same action again is refused now (except asking for the payment link again).
      if (action !== "pay") expect((await attempt(scene, role, action)).status).toBe(409);
    },
  );
});
