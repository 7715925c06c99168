import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type {
  AdminReview,
  BookingReview,
  BookingReviews as Reviews,
} from "../../../contracts/reviews.ts";
import AdminReviewsScreen from "../../routes/admin-reviews.tsx";
import BookingReviewScreen from "../../routes/booking-review.tsx";
import { screenCalls, showStaffScreen } from "../../test/admin-fixtures.tsx";
import { BOOKING_ID, CREATOR_ID, signedInSession } from "../../test/booking-fixtures.tsx";
import { type ApiCall, apiFailure, fakeApi } from "../../test/fake-api.ts";
import { AuthDialogProbe, resetScreen, screenAt } from "../../test/screen-fixtures.tsx";
import { closeAuthDialog } from "../accounts/auth-dialog-store.ts";

// The booking's two-sided review page (spec §2 'Leave Review') and staff moderation.

afterEach(() => {
  closeAuthDialog();
  resetScreen();
});

const REVIEW_PAGE = { route: "/bookings/:id/review", path: `/bookings/${BOOKING_ID}/review` };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const review = (overrides: Partial<BookingReview> = {}): BookingReview => ({
  id: crypto.randomUUID(),
  direction: "client_to_creator",
  authorName: "Cleo C.",
  rating: 5,
  comment: "Wonderful photos",
  submittedAt: "2026-12-06T12:00:00.000Z",
  publishedAt: "2026-12-07T12:00:00.000Z",
  hidden: false,
  reply: null,
  ...overrides,
});

const reviews = (overrides: Partial<Reviews>): Reviews => ({
  bookingId: BOOKING_ID,
  role: "client",
  state: "open",
  otherName: "Maya Chen",
  creatorId: CREATOR_ID,
  eventType: "Wedding",
  sessionStart: "2026-12-05T14:00:00.000Z",
  closesAt: inDays(13.5),
  mine: null,
  theirs: null,
  ...overrides,
});

function showReviewPage(respond: (call: ApiCall) => unknown) {
  const calls = fakeApi((call) =>
    call.path === "/auth/get-session" ? signedInSession : respond(call),
  );
  render(screenAt(<BookingReviewScreen />, REVIEW_PAGE).wrapper);
  return { calls, user: userEvent.setup() };
}

const reviewsPath = `/bookings/${BOOKING_ID}/reviews`;

describe("leaving a review", () => {
  it("asks for stars and words, sends them, then says the review stays blind until the other side reviews", async () => {
    const open = reviews({});
    const { calls, user } = showReviewPage((call) =>
      call.method === "POST"
        ? reviews({ state: "waiting", mine: review({ publishedAt: null, comment: "Lovely day" }) })
        : open,
    );
    expect(await screen.findByRole("heading", { name: "Leave Review" })).toBeTruthy();
    expect(screen.getByText("Wedding with Maya Chen · December 5, 2026")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "How was it with Maya Chen?" })).toBeTruthy();
    expect(screen.getByText("13 days left")).toBeTruthy();

    const submit = screen.getByRole("button", { name: "Submit Review" });
    await user.click(submit);
    expect(screen.getByText("Choose a rating from 1 to 5 stars")).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: "4 stars" }));
    await user.click(submit);
    expect(screen.getByText("Write a few words about the session")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);

    await user.type(screen.getByLabelText(/Your review/), "  Lovely day  ");
    await user.click(submit);
    expect(await screen.findByText("Review submitted")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      { method: "POST", path: reviewsPath, body: { rating: 4, comment: "Lovely day" } },
    ]);
    expect(
      screen.getByText(/Submitted — your review is hidden until Maya Chen reviews or the window/),
    ).toBeTruthy();
    expect(screen.getByText("Lovely day")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Reviews" })).toBeTruthy();
  });

  it("a refused review shows the server's reason through the one error path", async () => {
    const { user } = showReviewPage((call) =>
      call.method === "POST"
        ? apiFailure(409, "conflict", "The review window closed")
        : reviews({}),
    );
    await user.click(await screen.findByRole("radio", { name: "5 stars" }));
    await user.type(screen.getByLabelText(/Your review/), "Great");
    await user.click(screen.getByRole("button", { name: "Submit Review" }));
    expect(await screen.findByText("Your review could not be submitted")).toBeTruthy();
    expect(screen.getByText("The review window closed")).toBeTruthy();
  });

  it("published: both reviews, the creator replies once to the client's", async () => {
    const clientReview = review({});
    const published = reviews({
      role: "creator",
      state: "published",
      otherName: "Cleo Client",
      mine: review({
        direction: "creator_to_client",
        authorName: "Maya Chen",
        comment: "Great client",
        rating: 4,
      }),
      theirs: clientReview,
    });
    const { calls, user } = showReviewPage((call) =>
      call.method === "POST"
        ? {
            ...published,
            theirs: {
              ...clientReview,
              reply: { text: "Thank you!", date: "2026-12-08T12:00:00.000Z" },
            },
          }
        : published,
    );
    expect(await screen.findByText("Both reviews are public.")).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "See the creator's profile" }).getAttribute("href"),
    ).toBe(`/p/${CREATOR_ID}`);
    expect(screen.getByRole("heading", { name: "Cleo Client's review" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "4 out of 5 stars" })).toBeTruthy();
    expect(screen.getByText("Wonderful photos")).toBeTruthy();
    const post = screen.getByRole("button", { name: "Post Reply" });
    expect(post.hasAttribute("disabled")).toBe(true);
    await user.type(screen.getByLabelText("Reply publicly (once)"), "Thank you!");
    await user.click(post);
    expect(await screen.findByText("Reply posted")).toBeTruthy();
    expect(screen.getByText("Creator's reply")).toBeTruthy();
    expect(screen.queryByLabelText("Reply publicly (once)")).toBeNull();
    expect(calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      path: `${reviewsPath}/reply`,
      body: { text: "Thank you!" },
    });
  });

  it.each([
    [
      reviews({ state: "not_completed", closesAt: null }),
      "Reviews open when the session is complete.",
    ],
    [reviews({ state: "closed", closesAt: inDays(-1) }), "The review window closed"],
    [
      reviews({ state: "published", mine: review({ hidden: true, comment: "" }), theirs: null }),
      "Maya Chen did not review before the window closed.",
    ],
  ])("says where the window stands (%#)", async (answer, text) => {
    showReviewPage(() => answer);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Submit Review" })).toBeNull();
  });

  it("a staff-hidden review says it was removed", async () => {
    showReviewPage(() =>
      reviews({ state: "published", mine: review({ hidden: true, comment: "" }) }),
    );
    expect(await screen.findByText("Hidden by staff")).toBeTruthy();
    expect(screen.getByText("This review was removed by ShutterHail staff.")).toBeTruthy();
  });

  it("an unknown booking is the not-found page; any other failure offers to try again", async () => {
    showReviewPage(() => apiFailure(404, "not_found", "Booking not found"));
    expect(await screen.findByText("404 - Oops! Page not found")).toBeTruthy();
    resetScreen();
    let down = true;
    const { user } = showReviewPage(() =>
      down
        ? apiFailure(500, "internal", "Boom")
        : reviews({ state: "not_completed", closesAt: null }),
    );
    expect(await screen.findByText(/The reviews could not be loaded/)).toBeTruthy();
    down = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Reviews open when the session is complete.")).toBeTruthy();
  });

  it("signed out: asks to sign in and reads no reviews", async () => {
    const calls = fakeApi(() => null);
    render(
      screenAt(
        <>
          <BookingReviewScreen />
          <AuthDialogProbe />
        </>,
        REVIEW_PAGE,
      ).wrapper,
    );
    await userEvent
      .setup()
      .click(await screen.findByRole("button", { name: "Sign in to continue" }));
    expect(screen.getByText("Auth dialog: signin")).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(["/auth/get-session"]);
  });
});

const staffReview = (overrides: Partial<AdminReview>): AdminReview => ({
  ...review(),
  bookingId: BOOKING_ID,
  creatorId: CREATOR_ID,
  creatorName: "Maya Chen",
  subjectName: "Maya Chen",
  hiddenAt: null,
  hiddenReason: null,
  ...overrides,
});

describe("staff moderate reviews", () => {
  it("filters and searches, hides with a required reason, shows a hidden one again", async () => {
    const rude = staffReview({ authorName: "Rex R.", comment: "Rude words" });
    const hidden = staffReview({
      authorName: "Hal H.",
      comment: "Spam link",
      hidden: true,
      hiddenAt: "2026-12-01T12:00:00.000Z",
      hiddenReason: "Advertising",
    });
    const blind = staffReview({
      authorName: "Maya Chen",
      direction: "creator_to_client",
      subjectName: "Cleo Client",
      publishedAt: null,
    });
    const { calls, user } = showStaffScreen(
      <AdminReviewsScreen />,
      { route: "/admin/reviews" },
      (call) => {
        if (call.path === "/admin/reviews")
          return { reviews: [rude, hidden, blind], total: 60, page: 1, pageSize: 25 };
        if (call.path === `/admin/reviews/${rude.id}/hide`)
          return { review: { ...rude, hidden: true } };
        if (call.path === `/admin/reviews/${hidden.id}/unhide`)
          return { review: { ...hidden, hidden: false } };
        return undefined;
      },
    );
    const list = await screen.findByRole("list", { name: "Reviews" });
    expect(screenCalls(calls)[0]?.search).toBe("?status=all&page=1");
    expect(within(list).getByText("on client Cleo Client")).toBeTruthy();
    expect(within(list).getByText("Blind")).toBeTruthy();
    expect(within(list).getByText(/Advertising/)).toBeTruthy();

    await user.click(within(list).getAllByRole("button", { name: "Hide" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Hide Review" });
    const confirm = within(dialog).getByRole("button", { name: "Hide" });
    expect(confirm.hasAttribute("disabled")).toBe(true);
    await user.type(within(dialog).getByLabelText(/Reason/), "Insults");
    await user.click(confirm);
    expect(await screen.findByText("Review hidden")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(within(list).getByRole("button", { name: "Show Again" }));
    expect(await screen.findByText("Review shown again")).toBeTruthy();
    expect(screenCalls(calls).filter((c) => c.method === "POST")).toEqual([
      { method: "POST", path: `/admin/reviews/${rude.id}/hide`, body: { reason: "Insults" } },
      { method: "POST", path: `/admin/reviews/${hidden.id}/unhide`, body: {} },
    ]);

    await user.selectOptions(screen.getByRole("combobox", { name: "Status filter" }), "hidden");
    await waitFor(() => expect(screenCalls(calls).at(-1)?.search).toBe("?status=hidden&page=1"));
    await user.click(screen.getByRole("button", { name: "2" }));
    await waitFor(() => expect(screenCalls(calls).at(-1)?.search).toBe("?status=hidden&page=2"));
    // A search starts again at page 1.
    fireEvent.change(screen.getByRole("searchbox", { name: "Search reviews" }), {
      target: { value: "rex" },
    });
    await waitFor(() =>
      expect(screenCalls(calls).at(-1)?.search).toBe("?status=hidden&page=1&q=rex"),
    );
  });

  it("no reviews, and a list that cannot load, say so", async () => {
    showStaffScreen(<AdminReviewsScreen />, { route: "/admin/reviews" }, (call) =>
      call.path === "/admin/reviews" ? apiFailure(500, "internal", "Boom") : undefined,
    );
    expect(await screen.findByText("Failed to load reviews")).toBeTruthy();
    expect(screen.getByText("No reviews found")).toBeTruthy();
  });
});
