import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { formatDateTime } from "../../lib/format.ts";
import AdminBookingDetailScreen from "../../routes/admin-booking-detail.tsx";
import AdminBookingsScreen from "../../routes/admin-bookings.tsx";
import {
  adminBookingDetail,
  adminBookingRow,
  auditEntry,
  BOOKING_ROW_ID,
  CREATOR_PROFILE_ID,
  pageOf,
  screenCalls,
  showStaffScreen,
} from "../../test/admin-fixtures.tsx";
import { apiFailure } from "../../test/fake-api.ts";
import { resetScreen } from "../../test/screen-fixtures.tsx";

afterEach(resetScreen);

const LIST = { route: "/admin/bookings" };
const DETAIL = { route: "/admin/bookings/:id", path: `/admin/bookings/${BOOKING_ROW_ID}` };

describe("staff find bookings", () => {
  it("lists bookings, searches (debounced, from page 1), filters by status and pages", async () => {
    const rows = [
      adminBookingRow(),
      adminBookingRow({
        id: crypto.randomUUID(),
        status: "pending_payment",
        client: { userId: "u2", name: "Dana Doe", email: "dana@example.com" },
      }),
    ];
    const { calls, user } = showStaffScreen(<AdminBookingsScreen />, LIST, (call) =>
      call.path === "/admin/bookings"
        ? call.search?.includes("q=nobody")
          ? pageOf([])
          : pageOf(rows, call.search?.includes("page=2") ? 2 : 1, 45)
        : undefined,
    );
    const list = await screen.findByRole("list", { name: "Bookings" });
    expect(screen.getByRole("heading", { name: "Bookings" })).toBeTruthy();
    const first = within(list).getAllByRole("link")[0]!;
    expect(first.getAttribute("href")).toBe(`/admin/bookings/${BOOKING_ROW_ID}`);
    expect(first.textContent).toContain("Cleo Client with Maya Chen");
    expect(first.textContent).toContain("cleo@example.com · maya@example.com");
    expect(first.textContent).toContain("Confirmed");
    expect(first.textContent).toContain("$472.50");
    expect(within(list).getByText("Pending payment")).toBeTruthy();
    expect(screen.getByText("Showing 1 to 20 of 45 results")).toBeTruthy();
    expect(screenCalls(calls)).toEqual([
      { method: "GET", path: "/admin/bookings", body: undefined, search: "?page=1" },
    ]);

    await user.click(screen.getByRole("button", { name: "2" }));
    expect(await screen.findByText("Showing 21 to 40 of 45 results")).toBeTruthy();
    expect(screenCalls(calls).at(-1)?.search).toBe("?page=2");

    await user.selectOptions(screen.getByRole("combobox", { name: "Status filter" }), "completed");
    await waitFor(() => expect(screenCalls(calls).at(-1)?.search).toBe("?status=completed&page=1"));

    await user.type(screen.getByRole("searchbox", { name: "Search bookings" }), "nobody");
    expect(await screen.findByText("No bookings found")).toBeTruthy();
    expect(screenCalls(calls).at(-1)?.search).toBe("?q=nobody&status=completed&page=1");
    // One request for the whole word, not one per key.
    expect(screenCalls(calls).filter((c) => c.search?.includes("q="))).toHaveLength(1);
  });

  it("shows why the list could not load through the one error path", async () => {
    showStaffScreen(<AdminBookingsScreen />, LIST, (call) =>
      call.path === "/admin/bookings" ? apiFailure(500, "internal", "Database down") : undefined,
    );
    expect(await screen.findByText("Could not load bookings")).toBeTruthy();
    expect(screen.getByText("Database down")).toBeTruthy();
    expect(screen.getByText("No bookings found")).toBeTruthy();
  });
});

describe("a booking as staff see it", () => {
  it("shows parties, amounts, the ledger, the timeline, delivery, conversation and staff actions", async () => {
    const booking = adminBookingDetail({
      problemReportedAt: "2026-12-05T18:00:00.000Z",
      delivery: {
        status: "disputed",
        deliveredAt: "2026-12-06T10:00:00.000Z",
        acceptedAt: null,
        problemReportedAt: "2026-12-07T10:00:00.000Z",
        problemResolvedAt: null,
      },
      conversation: {
        id: crypto.randomUUID(),
        lastMessageAt: "2026-12-04T10:00:00.000Z",
        reports: [
          {
            id: "6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9",
            at: "2026-12-04T11:00:00.000Z",
            open: true,
          },
        ],
      },
      audit: [auditEntry({ action: "delivery.resolve", reason: "Photos were delivered" })],
    });
    const { calls } = showStaffScreen(<AdminBookingDetailScreen />, DETAIL, (call) =>
      call.path === `/admin/bookings/${BOOKING_ROW_ID}` ? booking : undefined,
    );
    expect(await screen.findByRole("heading", { name: "Parties" })).toBeTruthy();
    expect(screenCalls(calls)).toEqual([
      { method: "GET", path: `/admin/bookings/${BOOKING_ROW_ID}`, body: undefined },
    ]);
    expect(
      screen.getByText(`Problem reported ${formatDateTime("2026-12-05T18:00:00.000Z")}`),
    ).toBeTruthy();
    const links = screen.getAllByRole("link").map((a) => a.getAttribute("href"));
    expect(links).toEqual(
      expect.arrayContaining([
        "/admin/bookings",
        "/admin/users?q=cleo%40example.com",
        "/admin/users?q=maya%40example.com",
        `/p/${CREATOR_PROFILE_ID}`,
        `/bookings/${BOOKING_ROW_ID}/photos`,
        "/admin/reports/6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9",
        `/admin/audit?targetType=booking&targetId=${BOOKING_ROW_ID}`,
      ]),
    );
    for (const [term, value] of [
      ["Rate", "$150.00 / hour"],
      ["Total", "$472.50"],
      ["Deposit", "$135.00"],
      ["Remainder", "$337.50"],
      ["Commission", "20 %"],
      ["Paid with", "PayPal"],
      ["Event", "Wedding"],
      ["Status", "Disputed"],
      ["Accepted", "Not yet"],
      ["Resolved", "Open"],
    ]) {
      expect(screen.getByText(term as string).nextElementSibling?.textContent).toBe(value);
    }
    const ledger = screen.getByRole("list", { name: "Payments ledger" });
    expect(within(ledger).getByText("Hold placed")).toBeTruthy();
    // A refund is money going back: shown as a negative amount.
    expect(within(ledger).getByText("−$67.50")).toBeTruthy();
    const timeline = screen.getByRole("list", { name: "Timeline" });
    expect(within(timeline).getByText("Pending → Confirmed")).toBeTruthy();
    expect(within(timeline).getByText(/Creator \(Maya Chen\)/)).toBeTruthy();
    expect(within(timeline).getByText("See you there")).toBeTruthy();
    expect(screen.getByText(/Report of .* \(open\)/)).toBeTruthy();
    const audit = screen.getByRole("list", { name: "Audit entries" });
    expect(within(audit).getByText("Resolved a delivery dispute")).toBeTruthy();
    expect(within(audit).getByText("Reason: Photos were delivered")).toBeTruthy();
  });

  it("says plainly what has not happened yet", async () => {
    const empty = adminBookingDetail({
      ledger: [],
      timeline: [],
      commissionPercent: null,
      paymentProvider: "sandbox",
    });
    showStaffScreen(<AdminBookingDetailScreen />, DETAIL, (call) =>
      call.path.startsWith("/admin/bookings/") ? empty : undefined,
    );
    expect(await screen.findByText("No money has moved yet.")).toBeTruthy();
    expect(screen.getByText("No events yet.")).toBeTruthy();
    expect(screen.getByText("No photos delivered yet.")).toBeTruthy();
    expect(screen.getByText("No conversation about this booking.")).toBeTruthy();
    expect(screen.getByText("No staff actions on this booking.")).toBeTruthy();
    expect(screen.getByText("Not fixed yet")).toBeTruthy();
    expect(screen.getByText("Sandbox")).toBeTruthy();
  });

  it("an unknown id says so; any other failure says it could not load", async () => {
    showStaffScreen(<AdminBookingDetailScreen />, DETAIL, (call) =>
      call.path.startsWith("/admin/bookings/")
        ? apiFailure(404, "not_found", "No booking")
        : undefined,
    );
    expect(await screen.findByText("There is no booking with this id.")).toBeTruthy();
    resetScreen();
    showStaffScreen(<AdminBookingDetailScreen />, DETAIL, (call) =>
      call.path.startsWith("/admin/bookings/") ? apiFailure(500, "internal", "Boom") : undefined,
    );
    expect(await screen.findByText("We could not load this booking.")).toBeTruthy();
  });
});
