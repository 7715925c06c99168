import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "../../test/accounts.ts";
import { act, bookingParties, bookingState, type Party, paidBooking } from "../../test/bookings.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";

// Staff cancelling a booking is a staff action like any other: written to the audit log with
// who, when and why, in the cancellation's own transaction. The parties' own cancels are not.

const SESSION = { date: "2031-06-20", startTime: "10:00", hours: 2 };
let app: TestApp;
let staff: Party;

beforeAll(async () => {
  app = await startTestApp();
  const admin = await createAdmin(app);
  staff = { userId: admin.userId, email: admin.email, cookie: admin.cookie };
});
afterAll(() => app?.close());

const auditOf = (bookingId: string) =>
  app.database.db
    .selectFrom("staff_audit_log")
    .select(["actor_user_id", "action", "target_type", "reason", "details"])
    .where("target_id", "=", bookingId)
    .execute();

describe("staff cancelling a booking", () => {
  it("is written to the audit log with the member of staff, the reason and the status it left", async () => {
    const p = await bookingParties(app);
    const pending = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    const r = await act(app, staff, pending, "cancel", { reason: "Duplicate booking" });
    expect(r.status, await r.clone().text()).toBe(200);
    expect(await bookingState(app, pending)).toMatchObject({ status: "cancelled" });
    expect(await auditOf(pending)).toEqual([
      {
        actor_user_id: staff.userId,
        action: "booking.cancel",
        target_type: "booking",
        reason: "Duplicate booking",
        details: { from: "pending" },
      },
    ]);

    const confirmed = await paidBooking(app, p.client, {
      creatorId: p.creatorId,
      ...SESSION,
      date: "2031-06-21",
    });
    expect((await act(app, p.creator, confirmed, "accept")).status).toBe(200);
    expect((await act(app, staff, confirmed, "cancel", {})).status).toBe(200);
    expect(await auditOf(confirmed)).toMatchObject([
      { action: "booking.cancel", reason: null, details: { from: "confirmed" } },
    ]);
  });

  it("writes nothing when refused, nor when a party cancels their own booking", async () => {
    const p = await bookingParties(app);
    const id = await paidBooking(app, p.client, { creatorId: p.creatorId, ...SESSION });
    expect((await act(app, p.client, id, "cancel", { reason: "Plans changed" })).status).toBe(200);
    expect((await act(app, staff, id, "cancel", { reason: "Again" })).status).toBe(409);
    expect(await auditOf(id)).toEqual([]);
  });
});
