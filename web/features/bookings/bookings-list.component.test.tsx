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
    const after = { delivery: "delivered", paidOut: false, reviewed: false } as const;
    show(<BookingCard booking={bookingCard({ status: "completed", afterSession: after })} past />);
    expect(screen.getByText("Photos ready")).toBeTruthy();
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
    const after = { delivery: "accepted", paidOut: false, reviewed: false } as const;
    const completed = bookingCard({ status: "completed", afterSession: after });
    const user = show(<BookingsList list={{ ...emptyList, past: [completed] }} />);
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
      creatorEarnings: { netCents: 25_500, commissionPercent: 15 },
    });
    const calls = fakeApi((call) =>
      call.method === "POST" && call.path === `/bookings/${BOOKING_ID}/accept`
        ? { booking: bookingDetail({ status: "confirmed", viewerRole: "creator" }) }
        : { ...emptyList },
    );
    const user = show(<BookingsList list={{ ...emptyList, requests: [request] }} />);
    const section = screen.getByRole("region", { name: /Requests/ });
    expect(within(section).getByText("Cleo Client")).toBeTruthy();
    // What the creator nets after their tier's commission, not the client's total.
    expect(within(section).getByText("You earn $255.00")).toBeTruthy();
    expect(within(section).getByText("after 15% commission")).toBeTruthy();
    expect(within(section).queryByText("$472.50")).toBeNull();
    expect(within(section).getByText("Answer within 23 h")).toBeTruthy();
    await user.click(within(section).getByRole("button", { name: "Accept" }));
    expect(await screen.findByText("Booking accepted")).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => c.path === `/bookings/${BOOKING_ID}/accept`)).toBe(true),
    );
  });

  it("a creator finds their past sessions: Upload Photos while due, and where each stands", async () => {
    const session = (
      id: string,
      clientName: string,
      after: NonNullable<BookingList["sessions"][0]["afterSession"]>,
    ) =>
      bookingCard({
        id,
        clientName,
        status: "completed",
        viewerRole: "creator",
        afterSession: after,
        creatorEarnings: { netCents: 36_000, commissionPercent: 20 },
      });
    const due = session(BOOKING_ID, "Dana Due", {
      delivery: "none",
      paidOut: false,
      reviewed: false,
    });
    const paid = session(CREATOR_ID, "Pat Paid", {
      delivery: "accepted",
      paidOut: true,
      reviewed: true,
    });
    const user = show(<BookingsList list={{ ...emptyList, sessions: [due, paid] }} />);
    // A creator with no bookings of their own sees no client tabs and no Find Photographers.
    expect(screen.queryByText("No upcoming bookings")).toBeNull();
    expect(screen.queryByRole("link", { name: "Find Photographers" })).toBeNull();
    await user.click(screen.getByRole("tab", { name: "Past sessions" }));
    const card = (name: string) => screen.getByRole("heading", { name }).closest("li")!;
    await screen.findByRole("heading", { name: "Dana Due" });
    const [first, second] = [card("Dana Due"), card("Pat Paid")];
    expect(within(first!).getByText("Photos due")).toBeTruthy();
    expect(within(first!).getByRole("link", { name: "Upload Photos" }).getAttribute("href")).toBe(
      `/bookings/${BOOKING_ID}/photos`,
    );
    expect(within(first!).getByRole("link", { name: "Leave Review" })).toBeTruthy();
    expect(within(second!).getByText("Paid")).toBeTruthy();
    expect(within(second!).getByRole("link", { name: "View Photos" })).toBeTruthy();
    // Reviewed already: no Leave Review; a creator never Books Again with themselves.
    expect(within(second!).queryByRole("link", { name: "Leave Review" })).toBeNull();
    expect(within(second!).queryByRole("link", { name: "Book Again" })).toBeNull();
  });

  it("an unpaid booking's card pays its deposit in a tab opened by the click", async () => {
    const tab = { location: { href: "" }, close: vi.fn(), closed: false, opener: {} };
    const open = vi.fn(() => tab);
    vi.stubGlobal("open", open);
    const unpaid = bookingCard({ status: "pending_payment", actions: ["pay", "cancel"] });
    const calls = fakeApi(() => ({
      booking: bookingDetail({ status: "pending_payment", actions: ["pay", "cancel"] }),
      order: { id: "O-3", links: [{ rel: "approve", href: "https://pay.example/o/3" }] },
    }));
    const user = show(<BookingsList list={{ ...emptyList, upcoming: [unpaid] }} />);
    await user.click(screen.getByRole("button", { name: "Pay Deposit" }));
    expect(await screen.findByText("Proceed to PayPal")).toBeTruthy();
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(tab.location.href).toBe("https://pay.example/o/3");
    expect(calls[0]).toMatchObject({ method: "POST", path: `/bookings/${BOOKING_ID}/pay` });
  });

  it("a declined booking in Past offers Book Again, not photos or a review", async () => {
    const user = show(
      <BookingsList list={{ ...emptyList, past: [bookingCard({ status: "declined" })] }} />,
    );
    await user.click(screen.getByRole("tab", { name: "Past" }));
    expect(await screen.findByRole("link", { name: "Book Again" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "View Photos" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Leave Review" })).toBeNull();
  });
});
