import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SLOT_TAKEN_MESSAGE } from "../../../contracts/bookings.ts";
import { createVerifiedUser } from "../../test/accounts.ts";
import { bookingParties, type Party, requestBooking } from "../../test/bookings.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

// Two live bookings of one creator never overlap, however many clients race for a time: the
// exclusion constraint decides, and the losers get a clear 409, never a 5xx. Runs on PGlite
// and, with TEST_DATABASE_URL, on PostgreSQL (real concurrent connections).

const T0 = new Date("2030-01-15T12:00:00Z");
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({}, { now: () => T0 });
});
afterAll(() => app?.close());

async function clients(n: number): Promise<Party[]> {
  const list: Party[] = [];
  for (let i = 0; i < n; i++) {
    const u = await createVerifiedUser(app);
    list.push({ userId: u.userId, email: u.email, cookie: u.cookie });
  }
  return list;
}

async function race(attempts: Promise<Response>[]) {
  const responses = await Promise.all(attempts);
  const statuses = responses.map((r) => r.status);
  const messages = await Promise.all(
    responses
      .filter((r) => r.status === 409)
      .map(async (r) => ((await r.json()) as { error: { message: string } }).error.message),
  );
  return { statuses, messages };
}

async function liveBookings(creatorId: string) {
  return app.database.db
    .selectFrom("bookings")
    .select("id")
    .where("creator_profile_id", "=", creatorId)
    .where("status", "in", ["pending_payment", "pending", "confirmed"])
    .execute();
}

describe("concurrent bookings of one time", () => {
  it("50 clients at once: exactly one 201, 49 × 409, no 5xx", async () => {
    const { creatorId } = await bookingParties(app);
    const racers = await clients(50);
    const input = { creatorId, date: "2030-02-10", startTime: "10:00", hours: 2 };
    const { statuses, messages } = await race(racers.map((c) => requestBooking(app, c, input)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(messages).toEqual(Array(49).fill(SLOT_TAKEN_MESSAGE));
    expect(await liveBookings(creatorId)).toHaveLength(1);
  }, 120_000);

  it("overlapping times at once: one wins; another creator's same time is free", async () => {
    const { creatorId } = await bookingParties(app);
    const racers = await clients(10);
    const starts = ["09:00", "09:15", "09:30", "09:45", "10:00", "10:15", "10:30", "10:45"];
    const { statuses } = await race(
      starts.map((startTime, i) =>
        requestBooking(app, racers[i]!, { creatorId, date: "2030-02-11", startTime, hours: 2 }),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(starts.length - 1);
    expect(await liveBookings(creatorId)).toHaveLength(1);
    // Another creator's same time is not affected.
    const other = await bookingParties(app);
    const elsewhere = await requestBooking(app, racers[8]!, {
      creatorId: other.creatorId,
      date: "2030-02-11",
      startTime: "09:00",
      hours: 2,
    });
    expect(elsewhere.status).toBe(201);
  });
});
