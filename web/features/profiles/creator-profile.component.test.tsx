import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PortfolioPage, PublicPortfolioItem } from "../../../contracts/profiles.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import CreatorProfileScreen from "../../routes/creator-profile.tsx";
import { signedInSession } from "../../test/booking-fixtures.tsx";
import { MAYA_ID, publicProfile } from "../../test/creator-fixtures.tsx";
import { type ApiCall, apiFailure, fakeApi } from "../../test/fake-api.ts";
import { FakeEventSource } from "../../test/notification-fixtures.tsx";
import { AuthDialogProbe, resetScreen, screenAt } from "../../test/screen-fixtures.tsx";
import { closeAuthDialog } from "../accounts/auth-dialog-store.ts";

// A creator's public profile (spec §2 /p/:id): who they are, the portfolio with likes and
// comments, the gallery, the reviews; and what a signed-out visitor is asked to do.

afterEach(() => {
  closeAuthDialog();
  resetScreen();
});

const PROFILE = { route: "/p/:id", path: `/p/${MAYA_ID}` };

const photo = (n: number, overrides: Partial<PublicPortfolioItem> = {}): PublicPortfolioItem => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  imageKey: `portfolio/${n}.jpg`,
  caption: `Photo ${n}`,
  width: 1200,
  height: 800,
  likeCount: 3,
  likedByMe: false,
  commentCount: 1,
  ...overrides,
});

const portfolio = (page: number, items: PublicPortfolioItem[]): PortfolioPage => ({
  items,
  page,
  pageCount: 2,
  total: 10,
});

/** The like button is named by its visible count ("Like 3"). */
const likeButton = (count: number) => new RegExp(`^Like\\s*${count}$`);

/** The profile; signed in unless `respond` answers the session with null. */
function showProfile(respond: (call: ApiCall) => unknown = () => undefined) {
  vi.stubGlobal("EventSource", FakeEventSource);
  const calls = fakeApi((call) => {
    const answer = respond(call);
    if (answer !== undefined) return answer;
    if (call.path === "/auth/get-session") return signedInSession;
    if (call.path === `/creators/${MAYA_ID}`) return publicProfile();
    if (call.path === `/creators/${MAYA_ID}/portfolio`)
      return call.search === "?page=2" ? portfolio(2, [photo(9)]) : portfolio(1, [photo(1)]);
    return apiFailure(404, "not_found", "Not found");
  });
  render(
    screenAt(
      <>
        <CreatorProfileScreen />
        <AuthDialogProbe />
      </>,
      PROFILE,
    ).wrapper,
  );
  return { calls, user: userEvent.setup() };
}

describe("a creator's profile", () => {
  it("shows who they are, what they charge, how to book, their reviews; pages the portfolio", async () => {
    const { calls, user } = showProfile((call) =>
      call.path === `/creators/${MAYA_ID}`
        ? publicProfile({
            reviews: [
              {
                id: "r1",
                author: "Cleo C.",
                rating: 5,
                comment: "Wonderful",
                date: "2026-11-01T12:00:00.000Z",
                reply: { text: "Thank you, Cleo!", date: "2026-11-02T12:00:00.000Z" },
              },
            ],
          })
        : undefined,
    );
    expect(await screen.findByRole("heading", { name: "Maya Chen", level: 1 })).toBeTruthy();
    expect(document.title).toBe("Maya Chen Profile | Find a Photographer");
    expect(screen.getByText("Photographer")).toBeTruthy();
    expect(screen.getByText("Brooklyn, NY")).toBeTruthy();
    expect(screen.getByText("4.9")).toBeTruthy();
    expect(screen.getByText("40 jobs completed")).toBeTruthy();
    expect(screen.getByText("$150")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Book Now" }).getAttribute("href")).toBe(
      `/bookings?creator=${MAYA_ID}`,
    );
    expect(screen.getByRole("link", { name: "Send Message" }).getAttribute("href")).toBe(
      `/messages?with=${MAYA_ID}`,
    );
    expect(
      within(screen.getByRole("list", { name: "Specialties" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Wedding", "Portrait"]);
    expect(screen.getByText("I photograph weddings the way they felt.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Reviews (12)" })).toBeTruthy();
    expect(screen.getByText("Reply from the creator")).toBeTruthy();
    expect(screen.getByText("Thank you, Cleo!")).toBeTruthy();
    // No gallery images: no gallery button.
    expect(screen.queryByRole("button", { name: "View full gallery" })).toBeNull();

    expect(await screen.findByRole("button", { name: "Open: Photo 1" })).toBeTruthy();
    expect(screen.getByText("Page 1 of 2")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("button", { name: "Open: Photo 9" })).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith("/portfolio")).map((c) => c.search)).toEqual([
      "?page=1",
      "?page=2",
    ]);
  });

  it("likes and unlikes a photo, showing the server's count; a failed like is undone", async () => {
    let fail = false;
    const { calls, user } = showProfile((call) => {
      if (!call.path.endsWith("/like")) return undefined;
      if (fail) return apiFailure(500, "internal", "Like store down");
      return call.method === "PUT" ? { liked: true, likeCount: 7 } : { liked: false, likeCount: 6 };
    });
    const like = await screen.findByRole("button", { name: likeButton(3) });
    expect(like.getAttribute("aria-pressed")).toBe("false");
    await user.click(like);
    const liked = await screen.findByRole("button", { name: likeButton(7) });
    expect(liked.getAttribute("aria-pressed")).toBe("true");
    await user.click(liked);
    expect(await screen.findByRole("button", { name: likeButton(6) })).toBeTruthy();
    fail = true;
    await user.click(screen.getByRole("button", { name: likeButton(6) }));
    expect(await screen.findByText("Could not save your like")).toBeTruthy();
    expect(await screen.findByRole("button", { name: likeButton(6), pressed: false })).toBeTruthy();
    const likeCalls = calls.filter((c) => c.path.endsWith("/like"));
    expect(likeCalls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `PUT /portfolio/${photo(1).id}/like`,
      `DELETE /portfolio/${photo(1).id}/like`,
      `PUT /portfolio/${photo(1).id}/like`,
    ]);
  });

  it("reads and posts comments on a photo", async () => {
    const comments = [
      { id: "c1", author: "Dana", body: "Beautiful light", createdAt: "2026-11-01T12:00:00.000Z" },
    ];
    const { calls, user } = showProfile((call) => {
      if (!call.path.endsWith("/comments")) return undefined;
      if (call.method === "POST") {
        const added = {
          id: "c2",
          author: "Cleo Client",
          body: (call.body as { body: string }).body,
          createdAt: "2026-11-27T12:00:00.000Z",
        };
        comments.push(added);
        return added;
      }
      return { items: comments };
    });
    await user.click(await screen.findByRole("button", { name: /^Comments\s*1$/ }));
    const popover = await screen.findByRole("dialog", { name: "Comments" });
    expect(await within(popover).findByText("Beautiful light")).toBeTruthy();
    const send = within(popover).getByRole("button", { name: "Send comment" });
    expect(send.hasAttribute("disabled")).toBe(true);
    await user.type(within(popover).getByRole("textbox", { name: "Add a comment" }), " Stunning ");
    await user.click(send);
    expect(await within(popover).findByText("Stunning")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      path: `/portfolio/${photo(1).id}/comments`,
      body: { body: "Stunning" },
    });
    expect(
      (within(popover).getByRole("textbox", { name: "Add a comment" }) as HTMLInputElement).value,
    ).toBe("");
  });

  it("signed out: liking or commenting asks to sign in and sends nothing", async () => {
    const { calls, user } = showProfile((call) =>
      call.path === "/auth/get-session" ? null : undefined,
    );
    await user.click(await screen.findByRole("button", { name: likeButton(3) }));
    expect(await screen.findByText("Sign in to like photos")).toBeTruthy();
    expect(screen.getByText("Auth dialog: signin")).toBeTruthy();
    closeAuthDialog();
    await user.click(screen.getByRole("button", { name: /^Comments\s*1$/ }));
    await user.click(await screen.findByRole("button", { name: "Sign in to comment" }));
    expect(screen.getByText("Auth dialog: signin")).toBeTruthy();
    expect(calls.some((c) => c.method !== "GET")).toBe(false);
  });

  it("the gallery opens in a dialog; 'Available now' follows the creator going online", async () => {
    showProfile((call) =>
      call.path === `/creators/${MAYA_ID}`
        ? publicProfile({
            portfolioCount: 30,
            gallery: [{ id: "g1", imageKey: "portfolio/g1.jpg", caption: "First dance" }],
          })
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "View full gallery" }));
    const dialog = await screen.findByRole("dialog", { name: "Maya Chen's gallery" });
    expect(within(dialog).getByText("18 of 30 images")).toBeTruthy();
    expect(within(dialog).getByText("First dance")).toBeTruthy();
    await user.keyboard("{Escape}");

    expect(screen.queryByText("Available now")).toBeNull();
    act(() =>
      FakeEventSource.last?.emit(REALTIME_TOPICS.creatorPresence, 9_100, {
        id: MAYA_ID,
        listed: true,
        lat: 40.7,
        lng: -74,
        availableNow: true,
      }),
    );
    expect(await screen.findByText("Available now")).toBeTruthy();
  });

  it("an unknown creator is the not-found page; any other failure says it could not load", async () => {
    showProfile((call) =>
      call.path === `/creators/${MAYA_ID}` ? apiFailure(404, "not_found", "No creator") : undefined,
    );
    expect(await screen.findByText("404 - Oops! Page not found")).toBeTruthy();
    resetScreen();
    showProfile((call) =>
      call.path === `/creators/${MAYA_ID}` ? apiFailure(403, "forbidden", "No") : undefined,
    );
    expect(
      await screen.findByText("This profile could not be loaded. Please try again."),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("heading", { level: 1 })).toBeNull());
  });
});
