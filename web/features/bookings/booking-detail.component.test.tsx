import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BookingDetail as Booking } from "../../../contracts/bookings.ts";
import { BOOKING_ID, bookingDetail, renderWithApp } from "../../test/booking-fixtures.tsx";
import { type ApiCall, apiFailure, fakeApi } from "../../test/fake-api.ts";
import { BookingDetail } from "./booking-detail.tsx";

afterEach(() => {
  // Sonner replays still-active toasts to the next test's Toaster.
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

function show(booking: Booking, respond: (call: ApiCall) => unknown = () => ({ booking })) {
  const calls = fakeApi(respond);
  render(renderWithApp(<BookingDetail booking={booking} />).wrapper);
  return { calls, user: userEvent.setup() };
}

describe("the booking details", () => {
  it("shows the booking in the creator's zone, the price, the payment in words, the ledger and the timeline", () => {
    show(bookingDetail());
    expect(screen.getByRole("heading", { name: "Wedding" })).toBeTruthy();
    expect(screen.getByText("Saturday, December 5, 2026")).toBeTruthy();
    expect(screen.getByText("9:00 AM – 12:00 PM (3 hours)")).toBeTruthy();
    expect(screen.getByText("New York time (America/New_York)")).toBeTruthy();
    expect(screen.getByText("Golden hour portraits")).toBeTruthy();
    const price = screen.getByLabelText("Price");
    expect(within(price).getByText("$450.00")).toBeTruthy();
    expect(within(price).getByText("$22.50")).toBeTruthy();
    expect(within(price).getByText("$472.50")).toBeTruthy();
    expect(within(price).getByText("$135.00")).toBeTruthy();
    expect(within(price).getByText("$337.50")).toBeTruthy();
    // The deposit was captured: never "due now".
    expect(within(price).getByText("Deposit paid")).toBeTruthy();
    expect(within(price).queryByText("Deposit due now")).toBeNull();
    expect(within(price).queryByText("You earn")).toBeNull();
    const payment = screen.getByRole("list", { name: "Payment" });
    expect(within(payment).getByText("Deposit paid: $135.00")).toBeTruthy();
    expect(
      within(payment).getByText("Hold of $337.50 active until Nov 26, 2026, 10:00 AM"),
    ).toBeTruthy();
    const ledger = screen.getByRole("table", { name: "Payments ledger" });
    expect(within(ledger).getByText("Deposit charged")).toBeTruthy();
    expect(within(ledger).getByText("$472.50")).toBeTruthy();
    expect(screen.getByText("Pending payment")).toBeTruthy();
    expect(screen.getByText("by ShutterHail")).toBeTruthy();
    // No actions, no buttons.
    expect(screen.queryByRole("button", { name: /Accept|Decline|Cancel Booking|Pay/ })).toBeNull();
  });

  it("says when the hold needs the client's approval, what was captured and refunded", () => {
    show(
      bookingDetail({
        holdState: "renewal_needed",
        payment: { ...bookingDetail().payment, refundedCents: 6_750, remainderCapturedCents: 0 },
        actions: ["renew_hold"],
      }),
    );
    expect(screen.getByText("Hold needs your approval")).toBeTruthy();
    expect(screen.getByText("Refunded: $67.50")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Approve New Hold" })).toBeTruthy();
  });

  it("the creator accepts or declines from the page", async () => {
    const booking = bookingDetail({ viewerRole: "creator", actions: ["accept", "decline"] });
    const { calls, user } = show(booking, (call) =>
      call.path.endsWith("/decline")
        ? { booking: { ...booking, status: "declined", actions: [] } }
        : apiFailure(500, "internal", "Boom"),
    );
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(await screen.findByText("Booking declined")).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: "POST", path: `/bookings/${BOOKING_ID}/decline` });
    await user.click(screen.getByRole("button", { name: "Accept" }));
    expect(await screen.findByText("Could not accept the booking")).toBeTruthy();
    expect(screen.getByText("Boom")).toBeTruthy();
  });

  it("pay opens the provider in a tab opened by the click", async () => {
    const tab = { location: { href: "" }, close: vi.fn(), closed: false, opener: {} };
    const open = vi.fn(() => tab);
    vi.stubGlobal("open", open);
    const booking = bookingDetail({ status: "pending_payment", actions: ["pay", "cancel"] });
    const { calls, user } = show(booking, () => ({
      booking,
      order: { id: "O-2", links: [{ rel: "payer-action", href: "https://pay.example/o/2" }] },
    }));
    await user.click(screen.getByRole("button", { name: "Pay Deposit" }));
    expect(await screen.findByText("Proceed to PayPal")).toBeTruthy();
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(tab.location.href).toBe("https://pay.example/o/2");
    expect(calls[0]).toMatchObject({ method: "POST", path: `/bookings/${BOOKING_ID}/pay` });
  });

  it("cancel shows the policy before confirming", async () => {
    // Less than 48 hours ahead: the policy refunds nothing.
    const booking = bookingDetail({
      actions: ["cancel"],
      cancellation: { ...bookingDetail().cancellation, refundNowCents: 0 },
    });
    const { calls, user } = show(booking, (call) =>
      call.method === "GET"
        ? booking
        : {
            booking: {
              ...booking,
              status: "cancelled",
              actions: [],
              payment: { ...booking.payment, refundedCents: 0 },
            },
          },
    );
    await user.click(screen.getByRole("button", { name: "Cancel Booking" }));
    const dialog = await screen.findByRole("dialog");
    expect(
      within(dialog).getByText("Cancel 2 to 7 days before: half the deposit is refunded."),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Reason (optional)"), "Plans changed");
    await user.click(within(dialog).getByRole("button", { name: "Cancel booking" }));
    expect(await screen.findByText("Booking cancelled")).toBeTruthy();
    expect(screen.getByText("No refund is due under the cancellation policy.")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: `/bookings/${BOOKING_ID}/cancel`,
      body: { reason: "Plans changed" },
    });
  });

  it("report a problem asks what went wrong, then sends it", async () => {
    const booking = bookingDetail({ status: "completed", actions: ["report_problem"] });
    const { calls, user } = show(booking);
    await user.click(screen.getByRole("button", { name: "Report a Problem" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(within(dialog).getByText("Tell us what went wrong")).toBeTruthy();
    expect(calls).toEqual([]);
    await user.type(within(dialog).getByLabelText("What went wrong? *"), "The creator never came");
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await screen.findByText("Problem reported")).toBeTruthy();
    await waitFor(() =>
      expect(calls[0]).toMatchObject({
        method: "POST",
        path: `/bookings/${BOOKING_ID}/report-problem`,
        body: { description: "The creator never came" },
      }),
    );
  });

  it("staff resolve a problem: an outcome and a resolution are required, then it is sent", async () => {
    const booking = bookingDetail({
      viewerRole: "staff",
      problemReportedAt: "2026-12-05T18:00:00.000Z",
      actions: ["resolve_problem"],
    });
    const resolved = bookingDetail({
      ...booking,
      status: "cancelled",
      actions: [],
      problemResolution: {
        at: "2026-12-06T18:00:00.000Z",
        outcome: "refund",
        text: "No-show",
      },
    });
    const { calls, user } = show(booking, () => ({ booking: resolved }));
    expect(screen.getByText("Problem reported: the remainder is not captured")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Resolve Problem" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Resolve" }));
    expect(within(dialog).getByText("Choose how to resolve it")).toBeTruthy();
    await user.click(within(dialog).getByRole("radio", { name: /Refund the client/ }));
    await user.click(within(dialog).getByRole("button", { name: "Resolve" }));
    expect(within(dialog).getByText("Say how it was resolved")).toBeTruthy();
    expect(calls).toEqual([]);
    await user.type(within(dialog).getByLabelText("Resolution *"), "No-show");
    await user.click(within(dialog).getByRole("button", { name: "Resolve" }));
    expect(await screen.findByText("Problem resolved")).toBeTruthy();
    expect(
      screen.getByText("The booking is cancelled; the client's deposit is refunded in full."),
    ).toBeTruthy();
    await waitFor(() =>
      expect(calls[0]).toMatchObject({
        method: "POST",
        path: `/bookings/${BOOKING_ID}/resolve-problem`,
        body: { outcome: "refund", resolution: "No-show" },
      }),
    );
  });

  it("an unpaid booking says the deposit is due now", () => {
    const unpaid = bookingDetail({
      status: "pending_payment",
      payment: { ...bookingDetail().payment, depositPaidCents: 0 },
    });
    show(unpaid);
    expect(within(screen.getByLabelText("Price")).getByText("Deposit due now")).toBeTruthy();
  });

  it("shows the creator the commission and what they earn", () => {
    show(
      bookingDetail({
        viewerRole: "creator",
        creatorEarnings: { netCents: 38_250, commissionPercent: 15 },
      }),
    );
    const price = screen.getByLabelText("Price");
    expect(within(price).getByText("Commission (15% of the subtotal)")).toBeTruthy();
    expect(within(price).getByText("$67.50")).toBeTruthy();
    expect(within(price).getByText("You earn")).toBeTruthy();
    expect(within(price).getByText("$382.50")).toBeTruthy();
  });

  it("links the photos for both parties once the session has ended", () => {
    const ended = { delivery: "none", paidOut: false, reviewed: false } as const;
    show(bookingDetail({ status: "completed", viewerRole: "creator", afterSession: ended }));
    expect(screen.getByText("Photos due")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upload Photos" }).getAttribute("href")).toBe(
      `/bookings/${BOOKING_ID}/photos`,
    );
    cleanup();
    const delivered = { ...ended, delivery: "delivered" } as const;
    show(bookingDetail({ status: "completed", afterSession: delivered }));
    expect(screen.getByText("Photos ready")).toBeTruthy();
    expect(screen.getByRole("link", { name: "View Photos" }).getAttribute("href")).toBe(
      `/bookings/${BOOKING_ID}/photos`,
    );
  });
});
