import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HAIL_TAKEN_MESSAGE, type HailOffer } from "../../../contracts/hail.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { type ApiCall, apiFailure, fakeApi } from "../../test/fake-api.ts";
import {
  BOOKING_ID,
  fakeEventStream,
  HAIL_ID,
  OTHER_HAIL_ID,
  offer,
  renderWithApp,
  secondsFromNow,
  signedInSession,
} from "../../test/hail-fixtures.tsx";
import CreatorHailOffers, { TAKEN_LINGER_MS } from "./creator-hail-offers.tsx";

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function api(offers: () => HailOffer[] | Response, extra?: (call: ApiCall) => unknown) {
  return fakeApi((call) => {
    if (call.path === "/auth/get-session") return signedInSession;
    if (call.method === "GET" && call.path === "/hail-offers") {
      const list = offers();
      return list instanceof Response ? list : { offers: list };
    }
    const answer = extra?.(call);
    if (answer !== undefined) return answer;
    return apiFailure(404, "not_found", "Not found");
  });
}

function renderOffers() {
  const { wrapper } = renderWithApp(<CreatorHailOffers />);
  render(wrapper);
  return userEvent.setup();
}

const panel = () => screen.findByRole("region", { name: "Incoming hails" }, { timeout: 5000 });

/** Web Audio stand-in: counts the tones started. */
function fakeAudio() {
  const started = vi.fn();
  class FakeAudioContext {
    currentTime = 0;
    destination = {};
    resume = () => Promise.resolve();
    createOscillator() {
      return {
        type: "sine",
        frequency: { value: 0 },
        connect: (node: unknown) => node,
        start: started,
        stop: () => {},
      };
    }
    createGain() {
      const gain = {
        gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
        connect: (node: unknown) => node,
      };
      return gain;
    }
  }
  vi.stubGlobal("AudioContext", FakeAudioContext);
  return started;
}

describe("a creator's incoming hails", { timeout: 30_000 }, () => {
  it("anyone not a creator (403) sees nothing, and nothing more is asked", async () => {
    const stream = fakeEventStream();
    const calls = api(() => apiFailure(403, "forbidden", "Creators only"));
    renderOffers();
    await waitFor(() => expect(calls.some((c) => c.path === "/hail-offers")).toBe(true));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole("region", { name: "Incoming hails" })).toBeNull();
    expect(calls.filter((c) => c.path === "/hail-offers")).toHaveLength(1);
    expect(stream.streams).toHaveLength(0);
  });

  it("shows the hail: service, hours, area, distance, start, pay after commission and its countdown", async () => {
    fakeEventStream();
    api(() => [offer({ liveUntil: secondsFromNow(30), notes: "Engagement shoot" })]);
    renderOffers();
    const region = await panel();
    const card = within(region).getByRole("article", { name: /New hail/ });
    expect(within(card).getByText("Photography · 2 hours")).toBeTruthy();
    expect(within(card).getByText("Midtown, New York")).toBeTruthy();
    expect(within(card).getByText("2.4 mi away")).toBeTruthy();
    expect(within(card).getByText("As soon as possible")).toBeTruthy();
    // What the creator nets after their tier's commission (a $300 session at 15 %).
    expect(within(card).getByText("You earn $255.00")).toBeTruthy();
    expect(within(card).getByText("after 15% commission")).toBeTruthy();
    expect(within(card).getByText("“Engagement shoot”")).toBeTruthy();
    expect(within(card).getByText(/^0:(29|30)$/)).toBeTruthy();
    expect(card.querySelector("[aria-live=polite]")?.textContent).toBe("About 30 seconds left");
    expect(within(card).getByRole("button", { name: "Accept" })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Decline" })).toBeTruthy();
  });

  it("a later start shows its time; a hail whose time ran out goes", async () => {
    fakeEventStream();
    api(() => [
      offer({ startAt: "2026-11-23T20:30:00.000Z" }),
      offer({ hailId: OTHER_HAIL_ID, liveUntil: secondsFromNow(1), area: "Brooklyn" }),
    ]);
    renderOffers();
    const region = await panel();
    expect(within(region).getByText(/^Starts \d{1,2}:30 (AM|PM)$/)).toBeTruthy();
    expect(within(region).getByText("Brooklyn")).toBeTruthy();
    await waitFor(() => expect(within(region).queryByText("Brooklyn")).toBeNull(), {
      timeout: 4000,
    });
    expect(within(region).getAllByRole("article")).toHaveLength(1);
  });

  it("Accept: booked, with a link to the booking", async () => {
    fakeEventStream();
    const calls = api(
      () => [offer()],
      (call) =>
        call.method === "POST" && call.path === `/hail-offers/${HAIL_ID}/accept`
          ? {
              offer: offer({
                status: "accepted",
                bookingId: BOOKING_ID,
                location: "350 5th Ave, New York, NY 10118",
              }),
            }
          : undefined,
    );
    const user = renderOffers();
    const region = await panel();
    await user.click(within(region).getByRole("button", { name: "Accept" }));
    expect(await within(region).findByText("Booked!")).toBeTruthy();
    expect(within(region).getByRole("link", { name: "View booking" }).getAttribute("href")).toBe(
      `/bookings/${BOOKING_ID}`,
    );
    // The winner sees the address.
    expect(within(region).getByText("350 5th Ave, New York, NY 10118")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("Accept after another creator won (409): the card says Taken, then goes", async () => {
    fakeEventStream();
    api(
      () => [offer()],
      (call) =>
        call.method === "POST" ? apiFailure(409, "conflict", HAIL_TAKEN_MESSAGE) : undefined,
    );
    const user = renderOffers();
    const region = await panel();
    await user.click(within(region).getByRole("button", { name: "Accept" }));
    expect(await within(region).findByRole("article", { name: /Taken/ })).toBeTruthy();
    expect(within(region).getByText(/another creator accepted first/)).toBeTruthy();
    expect(within(region).queryByRole("button", { name: "Accept" })).toBeNull();
    await waitFor(
      () => expect(screen.queryByRole("region", { name: "Incoming hails" })).toBeNull(),
      { timeout: TAKEN_LINGER_MS + 2000 },
    );
  });

  it("live: a new hail appears with a beep; 'taken' flips it at once; 'expired' and 'withdrawn' remove", async () => {
    const stream = fakeEventStream();
    const tones = fakeAudio();
    const calls = api(() => []);
    renderOffers();
    await waitFor(() => expect(stream.listening(REALTIME_TOPICS.hailOffers)).toBe(true));
    expect(screen.queryByRole("region", { name: "Incoming hails" })).toBeNull();

    act(() => stream.emit(REALTIME_TOPICS.hailOffers, offer()));
    const region = await panel();
    expect(within(region).getByRole("article", { name: /New hail/ })).toBeTruthy();
    expect(tones).toHaveBeenCalledTimes(2);

    act(() => stream.emit(REALTIME_TOPICS.hailOffers, offer({ status: "taken" })));
    // At once: the cache's next notification, well before the card's countdown moves.
    expect(
      await within(region).findByRole("article", { name: /Taken/ }, { timeout: 500 }),
    ).toBeTruthy();
    expect(within(region).queryByRole("button", { name: "Accept" })).toBeNull();

    act(() =>
      stream.emit(REALTIME_TOPICS.hailOffers, offer({ hailId: OTHER_HAIL_ID, area: "Queens" })),
    );
    expect(await within(region).findByText("Queens")).toBeTruthy();
    act(() =>
      stream.emit(
        REALTIME_TOPICS.hailOffers,
        offer({ hailId: OTHER_HAIL_ID, area: "Queens", status: "withdrawn" }),
      ),
    );
    await waitFor(() => expect(screen.queryByText("Queens")).toBeNull());
    act(() =>
      stream.emit(REALTIME_TOPICS.hailOffers, offer({ hailId: OTHER_HAIL_ID, status: "expired" })),
    );
    // The taken card goes after a few seconds.
    await waitFor(
      () => expect(screen.queryByRole("region", { name: "Incoming hails" })).toBeNull(),
      { timeout: TAKEN_LINGER_MS + 2000 },
    );
    // Nothing but the first load was asked: the events carry the changes.
    expect(calls.filter((c) => c.path === "/hail-offers")).toHaveLength(1);
  });

  it("Decline removes the card", async () => {
    fakeEventStream();
    const calls = api(
      () => [offer()],
      (call) =>
        call.method === "POST" && call.path === `/hail-offers/${HAIL_ID}/decline`
          ? { offer: offer({ status: "declined" }) }
          : undefined,
    );
    const user = renderOffers();
    const region = await panel();
    await user.click(within(region).getByRole("button", { name: "Decline" }));
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Incoming hails" })).toBeNull(),
    );
    expect(calls.some((c) => c.path === `/hail-offers/${HAIL_ID}/decline`)).toBe(true);
  });

  it("alerts: asked for only on 'Enable alerts'; a notification only while the tab is hidden", async () => {
    const stream = fakeEventStream();
    fakeAudio();
    const shown: { title: string; body?: string }[] = [];
    const requestPermission = vi.fn(async () => {
      FakeNotification.permission = "granted";
      return "granted" as const;
    });
    class FakeNotification {
      static permission: NotificationPermission = "default";
      static requestPermission = requestPermission;
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body });
      }
      close() {}
    }
    vi.stubGlobal("Notification", FakeNotification);
    api(() => [offer()]);
    const user = renderOffers();
    const region = await panel();
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(within(region).getByRole("button", { name: "Enable alerts" }));
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(await within(region).findByText("Alerts on")).toBeTruthy();

    // Visible tab: the card and the beep are enough.
    act(() => stream.emit(REALTIME_TOPICS.hailOffers, offer({ hailId: OTHER_HAIL_ID })));
    await waitFor(() => expect(within(region).getAllByRole("article")).toHaveLength(2));
    expect(shown).toHaveLength(0);
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    act(() =>
      stream.emit(
        REALTIME_TOPICS.hailOffers,
        offer({ hailId: "8d4f5e6a-7b8c-4d9e-8f0a-1b2c3d4e5f60", service: "Videography" }),
      ),
    );
    expect(shown).toEqual([
      { title: "New hail: Videography, 2 h", body: "Midtown, New York · You earn $255.00" },
    ]);
  });
});
