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
      within(payment).getByText(
        "Remaining balance of $337.50 held on your payment method, charged after the session",
      ),
    ).toBeTruthy();
    const ledger = screen.getByRole("table", { name: "Payments ledger" });
    expect(within(ledger).getByText("Deposit charged")).toBeTruthy();
    expect(within(ledger).getByText("$472.50")).toBeTruthy();
    expect(screen.getByText("Pending payment")).toBeTruthy();
    expect(screen.getByText("by ShutterHail")).toBeTruthy();
    // No actions, no buttons.
    expect(screen.queryByRole("button", { name: /Accept|Decline|Cancel Booking|Pay/ })).toBeNull();
  });

  it("asks the client to approve the remaining balance, from when and by when, and says what was refunded", () => {
    const awaiting = (opensAt: string) =>
      bookingDetail({
        status: "confirmed",
        remainderState: "awaiting",
        payment: {
          ...bookingDetail().payment,
          holdCents: 0,
          refundedCents: 6_750,
          netPaidCents: 6_750,
        },
        remainder: { ...bookingDetail().remainder, opensAt },
        actions: ["approve_remainder"],
      });
    // Not open yet: from when (in the creator's zone) until the session starts.
    show(awaiting("2099-12-04T19:00:00.000Z"));
    expect(
      screen.getByText(
        "Remaining balance of $337.50: approve it from Dec 4, 2099, 2:00 PM until Dec 5, 2026, 9:00 AM",
      ),
    ).toBeTruthy();
    expect(screen.getByText("Refunded: $67.50")).toBeTruthy();
    cleanup();
    // Open now: by when.
    show(awaiting("2020-01-01T00:00:00.000Z"));
    expect(
      screen.getByText("Remaining balance of $337.50: approve it by Dec 5, 2026, 9:00 AM"),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Approve Remaining Balance" })).toBeTruthy();
  });

  it.each([
    ["processing", "Remaining balance of $337.50: PayPal is processing it"],
    ["paid", "Remaining balance paid: $337.50"],
    ["released", "Remaining balance released"],
    ["unpaid", "Remaining balance of $337.50 not paid"],
  ] as const)("says the remaining balance is %s", (remainderState, line) => {
    show(
      bookingDetail({
        status: "completed",
        remainderState,
        payment: {
          ...bookingDetail().payment,
          holdCents: 0,
          remainderCapturedCents: remainderState === "paid" ? 33_750 : 0,
          netPaidCents: remainderState === "paid" ? 47_250 : 13_500,
        },
      }),
    );
    const payment = screen.getByRole("list", { name: "Payment" });
    expect(
      within(payment)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Deposit paid: $135.00", line]);
  });

  it("says nothing of a remaining balance when there is none", () => {
    show(bookingDetail({ remainderState: "none", remainderCents: 0 }));
    const payment = screen.getByRole("list", { name: "Payment" });
    expect(
      within(payment)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Deposit paid: $135.00"]);
  });

  it("approve remaining balance opens the provider in a tab opened by the click", async () => {
    const tab = { location: { href: "" }, close: vi.fn(), closed: false, opener: {} };
    const open = vi.fn(() => tab);
    vi.stubGlobal("open", open);
    const booking = bookingDetail({
      status: "confirmed",
      remainderState: "awaiting",
      remainder: { ...bookingDetail().remainder, opensAt: "2020-01-01T00:00:00.000Z" },
      actions: ["approve_remainder", "cancel"],
    });
    const { calls, user } = show(booking, () => ({
      booking: { ...booking, remainderState: "processing", actions: ["cancel"] },
      order: { id: "O-3", links: [{ rel: "payer-action", href: "https://pay.example/o/3" }] },
    }));
    await user.click(screen.getByRole("button", { name: "Approve Remaining Balance" }));
    expect(await screen.findByText("Proceed to PayPal")).toBeTruthy();
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(tab.location.href).toBe("https://pay.example/o/3");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: `/bookings/${BOOKING_ID}/approve-remainder`,
    });
  });

  it("closes the tab and says so when the remaining balance cannot be opened", async () => {
    const tab = { location: { href: "" }, close: vi.fn(), closed: false, opener: {} };
    vi.stubGlobal(
      "open",
      vi.fn(() => tab),
    );
    const booking = bookingDetail({
      status: "confirmed",
      remainderState: "awaiting",
      actions: ["approve_remainder"],
    });
    show(booking, () => apiFailure(409, "conflict", "Too early"));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Approve Remaining Balance" }));
    expect(
      await screen.findByText("Could not open the payment for the remaining balance"),
    ).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe("");
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
    expect(screen.getByText("Problem reported: the remaining balance is not charged")).toBeTruthy();
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
