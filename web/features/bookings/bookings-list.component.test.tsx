import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BookingList } from "../../../contracts/bookings.ts";
import type { BookingStatus } from "../../../contracts/enums.ts";
import {
  BOOKING_ID,
  bookingCard,
  bookingDetail,
  CREATOR_ID,
  renderWithApp,
} from "../../test/booking-fixtures.tsx";
import { apiFailure, fakeApi } from "../../test/fake-api.ts";
import { BookingCard } from "./booking-card.tsx";
import { BookingsList } from "./bookings-list.tsx";
import { BookingStatusBadge } from "./status-badge.tsx";

afterEach(() => {
  // Sonner replays still-active toasts to the next test's Toaster.
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const show = (ui: React.ReactNode) => {
  render(renderWithApp(ui).wrapper);
  return userEvent.setup();
};

describe("the booking status badge", () => {
  it.each([
    ["confirmed", "Confirmed", "bg-emerald-100"],
    ["pending", "Pending", "border-amber-400"],
    ["completed", "Completed", "bg-ink-100"],
    ["pending_payment", "Pending payment", "border-ink-300"],
    ["cancelled", "Cancelled", "border-ink-300"],
    ["declined", "Declined", "border-ink-300"],
    ["expired", "Expired", "border-ink-300"],
  ] as [BookingStatus, string, string][])("%s reads %s", (status, label, look) => {
    render(<BookingStatusBadge status={status} />);
    expect(screen.getByText(label).className).toContain(look);
  });
});

describe("a booking card", () => {
  it("upcoming pending: Message, View Details and Cancel; date, time and place in the creator's zone", () => {
    show(<BookingCard booking={bookingCard({ location: null })} />);
    expect(screen.getByRole("heading", { name: "Maya Chen" })).toBeTruthy();
    expect(screen.getByText("Wedding")).toBeTruthy();
    expect(screen.getByText("Pending")).toBeTruthy();
    expect(screen.getByText("Saturday, December 5, 2026")).toBeTruthy();
    expect(screen.getByText("9:00 AM – 12:00 PM")).toBeTruthy();
    expect(screen.getByText("TBD")).toBeTruthy();
    expect(screen.getByText("$472.50")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Message" }).getAttribute("href")).toBe(
      `/messages?with=${CREATOR_ID}&booking=${BOOKING_ID}`,
    );
    expect(screen.getByRole("link", { name: "View Details" }).getAttribute("href")).toBe(
      `/bookings/${BOOKING_ID}`,
    );
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Book Again" })).toBeNull();
  });

  it.each(["confirmed", "pending_payment"] as BookingStatus[])(
    "upcoming %s: no Cancel",
    (status) => {
      show(<BookingCard booking={bookingCard({ status })} />);
      expect(screen.getByRole("link", { name: "View Details" })).toBeTruthy();
      expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
    },
  );

  it("past: View Photos and Leave Review open the booking's delivery and review; Book Again opens the form for the creator", () => {
    show(<BookingCard booking={bookingCard({ status: "completed" })} past />);
    expect(screen.getByRole("link", { name: "Book Again" }).getAttribute("href")).toBe(
      `/bookings?creator=${CREATOR_ID}`,
    );
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
    expect(screen.getByRole("link", { name: "View Photos" }).getAttribute("href")).toBe(
      `/bookings/${BOOKING_ID}/photos`,
    );
    expect(screen.getByRole("link", { name: "Leave Review" }).getAttribute("href")).toBe(
      `/bookings/${BOOKING_ID}/review`,
    );
  });

  it("Cancel shows the policy, then cancels and tells the refund", async () => {
    const calls = fakeApi((call) => {
      if (call.method === "GET" && call.path === `/bookings/${BOOKING_ID}`) return bookingDetail();
      if (call.method === "POST" && call.path === `/bookings/${BOOKING_ID}/cancel`) {
        return {
          booking: bookingDetail({
            status: "cancelled",
            // The refund itself is still on its way (a job): the amount due is what is said.
            payment: { ...bookingDetail().payment, refundedCents: 0, refundDueCents: 13_500 },
          }),
        };
      }
      return apiFailure(404, "not_found", "Not found");
    });
    const user = show(<BookingCard booking={bookingCard()} />);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    const dialog = await screen.findByRole("dialog");
    expect(
      await within(dialog).findByText(
        "Cancel 7 days or more before the session: the deposit is refunded in full.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText("Cancelling now refunds $135.00.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Cancel booking" }));
    expect(await screen.findByText("Booking cancelled")).toBeTruthy();
    expect(screen.getByText("$135.00 will be refunded to you.")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ reason: null });
  });
});

const emptyList: BookingList = {
  upcoming: [],
  past: [],
  requests: [],
  schedule: [],
  sessions: [],
};

describe("My Bookings", () => {
  it("says 'No upcoming bookings' with a Find Photographers button", () => {
    show(<BookingsList list={emptyList} />);
    expect(screen.getByRole("tab", { name: "Upcoming" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    expect(screen.getByText("No upcoming bookings")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Find Photographers" }).getAttribute("href")).toBe(
      "/search",
    );
    expect(screen.queryByRole("heading", { name: /Requests/ })).toBeNull();
  });

  it("Past lists past bookings with their own buttons", async () => {
    const user = show(
      <BookingsList list={{ ...emptyList, past: [bookingCard({ status: "completed" })] }} />,
    );
    await user.click(screen.getByRole("tab", { name: "Past" }));
    expect(await screen.findByRole("link", { name: "Book Again" })).toBeTruthy();
    expect(screen.getByText("Completed")).toBeTruthy();
  });

  it("a creator answers a request, with the time left to answer", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-23T15:00:00.000Z") });
    const request = bookingCard({
      viewerRole: "creator",
      respondBy: "2026-11-24T14:30:00.000Z",
      actions: ["accept", "decline", "cancel"],
    });
    const calls = fakeApi((call) =>
      call.method === "POST" && call.path === `/bookings/${BOOKING_ID}/accept`
        ? { booking: bookingDetail({ status: "confirmed", viewerRole: "creator" }) }
        : { ...emptyList },
    );
    const user = show(<BookingsList list={{ ...emptyList, requests: [request] }} />);
    const section = screen.getByRole("region", { name: /Requests/ });
    expect(within(section).getByText("Cleo Client")).toBeTruthy();
    expect(within(section).getByText("Answer within 23 h")).toBeTruthy();
    await user.click(within(section).getByRole("button", { name: "Accept" }));
    expect(await screen.findByText("Booking accepted")).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => c.path === `/bookings/${BOOKING_ID}/accept`)).toBe(true),
    );
  });
});
