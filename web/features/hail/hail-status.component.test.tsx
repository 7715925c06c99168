import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Hail } from "../../../contracts/hail.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import HailScreen from "../../routes/hail.tsx";
import { type ApiCall, apiFailure, fakeApi } from "../../test/fake-api.ts";
import {
  APPROVE_HREF,
  BOOKING_ID,
  CREATOR_ID,
  fakeEventStream,
  HAIL_ID,
  hail,
  OTHER_HAIL_ID,
  renderWithApp,
  secondsFromNow,
  signedInSession,
} from "../../test/hail-fixtures.tsx";
import { rememberHail } from "./session-hails.ts";

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function api(current: () => Hail, extra?: (call: ApiCall) => unknown) {
  return fakeApi((call) => {
    if (call.path === "/auth/get-session") return signedInSession;
    if (call.method === "GET" && call.path === `/hails/${HAIL_ID}`) return { hail: current() };
    const answer = extra?.(call);
    if (answer !== undefined) return answer;
    return apiFailure(404, "not_found", "Hail not found");
  });
}

function renderScreen() {
  const { wrapper } = renderWithApp(<HailScreen />, `/hail/${HAIL_ID}`);
  render(wrapper);
  return userEvent.setup();
}

function fakeTab() {
  const tab = { location: { href: "" }, close: vi.fn(), closed: false, opener: {} };
  const open = vi.fn(() => tab);
  vi.stubGlobal("open", open);
  return { tab, open };
}

const status = () => screen.getByRole("region", { name: "Hail status" });

describe("the client's live view of a hail", { timeout: 30_000 }, () => {
  it("live: the countdown, who it reaches, and a polite countdown for screen readers", async () => {
    fakeEventStream();
    api(() => hail({ liveUntil: secondsFromNow(90) }));
    renderScreen();
    expect(await screen.findByRole("heading", { level: 1, name: "Your hail" })).toBeTruthy();
    expect(await screen.findByText("Reaching 4 creators")).toBeTruthy();
    expect(screen.getByText("Hailing creators near you")).toBeTruthy();
    const announced = status().querySelector("[aria-live=polite]");
    expect(announced?.textContent).toBe("About 90 seconds left");
    expect(within(status()).getByText(/^1:(29|30)$/)).toBeTruthy();
    expect(within(status()).getByRole("button", { name: "Cancel hail" })).toBeTruthy();
    // The details as sent.
    expect(screen.getByText("Photography · 2 hours")).toBeTruthy();
    expect(screen.getByText("As soon as possible")).toBeTruthy();
    expect(screen.getByText("$315.00 – $630.00 total")).toBeTruthy();
  });

  it("turns to the creator who accepted, live, with a link to the booking", async () => {
    const stream = fakeEventStream();
    api(() => hail());
    renderScreen();
    await screen.findByText("Reaching 4 creators");
    await waitFor(() => expect(stream.listening(REALTIME_TOPICS.hails)).toBe(true));
    // Another hail's change is not this one.
    act(() => stream.emit(REALTIME_TOPICS.hails, hail({ id: OTHER_HAIL_ID, status: "expired" })));
    act(() =>
      stream.emit(
        REALTIME_TOPICS.hails,
        hail({
          status: "accepted",
          liveUntil: null,
          bookingId: BOOKING_ID,
          winner: {
            creatorId: CREATOR_ID,
            name: "Nora Frame",
            avatarKey: null,
            distanceMiles: 2.4,
            arrivalMinutes: 16,
            totalCents: 42_000,
          },
        }),
      ),
    );
    expect(await screen.findByText("A creator accepted!")).toBeTruthy();
    expect(screen.getByText("Nora Frame")).toBeTruthy();
    expect(screen.getByText("about 16 min away")).toBeTruthy();
    expect(screen.getByText("2.4 mi")).toBeTruthy();
    expect(screen.getByText("$420.00")).toBeTruthy();
    expect(screen.getByRole("link", { name: "View booking" }).getAttribute("href")).toBe(
      `/bookings/${BOOKING_ID}`,
    );
  });

  it("expired: 'Widen to 25 mi' and 'Hail again' send the same details as a new hail", async () => {
    fakeEventStream();
    const { tab, open } = fakeTab();
    rememberHail(HAIL_ID, {
      request: {
        service: "Photography",
        hours: 2,
        location: "350 5th Ave, New York, NY",
        lat: 40.7484,
        lng: -73.9857,
        startInMinutes: 30,
        radiusMiles: 10,
        notes: "Rooftop",
      },
    });
    const calls = api(
      () => hail({ status: "expired", liveUntil: null }),
      (call) =>
        call.method === "POST" && call.path === "/hails"
          ? {
              hail: hail({ id: OTHER_HAIL_ID, status: "awaiting_payment", liveUntil: null }),
              order: { id: "ORDER-H2", links: [{ rel: "approve", href: APPROVE_HREF }] },
            }
          : undefined,
    );
    const user = renderScreen();
    expect(await screen.findByText("Nobody accepted in time")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Widen to 25 mi" }));
    await waitFor(() =>
      expect(screen.getByTestId("path").textContent).toBe(`/hail/${OTHER_HAIL_ID}`),
    );
    expect(open).toHaveBeenCalledOnce();
    expect(tab.location.href).toBe(APPROVE_HREF);
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts[0]?.body).toEqual({
      service: "Photography",
      hours: 2,
      location: "350 5th Ave, New York, NY",
      lat: 40.7484,
      lng: -73.9857,
      startInMinutes: 30,
      radiusMiles: 25,
      notes: "Rooftop",
    });
  });

  it("expired without what was sent (another tab): 'Hail again' sends what the server holds", async () => {
    fakeEventStream();
    fakeTab();
    const calls = api(
      () => hail({ status: "expired", liveUntil: null, radiusMiles: 50 }),
      (call) =>
        call.method === "POST" && call.path === "/hails"
          ? {
              hail: hail({ id: OTHER_HAIL_ID, status: "awaiting_payment" }),
              order: { id: "ORDER-H3", links: [] },
            }
          : undefined,
    );
    const user = renderScreen();
    await screen.findByText("Nobody accepted in time");
    // 50 miles is the widest: only 'Hail again'.
    expect(screen.queryByRole("button", { name: /Widen/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Hail again" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      service: "Photography",
      hours: 2,
      location: "350 5th Ave, New York, NY 10118",
      startInMinutes: 0,
      radiusMiles: 50,
    });
  });

  it("awaiting payment: approve in the PayPal tab (reopen it), or cancel", async () => {
    fakeEventStream();
    rememberHail(HAIL_ID, {
      request: {
        service: "Photography",
        hours: 2,
        location: "350 5th Ave, New York, NY 10118",
        startInMinutes: 0,
        radiusMiles: 10,
      },
      approveHref: APPROVE_HREF,
    });
    let current = hail({ status: "awaiting_payment", liveUntil: null });
    const calls = api(
      () => current,
      (call) => {
        if (call.method === "POST" && call.path === `/hails/${HAIL_ID}/cancel`) {
          current = hail({ status: "cancelled", liveUntil: null });
          return { hail: current };
        }
        return undefined;
      },
    );
    const user = renderScreen();
    expect(await screen.findByText("Approve the hold in the PayPal tab")).toBeTruthy();
    const reopen = screen.getByRole("link", { name: "Reopen the PayPal tab" });
    expect(reopen.getAttribute("href")).toBe(APPROVE_HREF);
    expect(reopen.getAttribute("target")).toBe("_blank");
    await user.click(screen.getByRole("button", { name: "Cancel hail" }));
    expect(await screen.findByText("You cancelled this hail. Nothing was charged.")).toBeTruthy();
    expect(calls.some((c) => c.path === `/hails/${HAIL_ID}/cancel`)).toBe(true);
    expect(screen.getByRole("button", { name: "Hail again" })).toBeTruthy();
  });

  it("a stream that could not replay what it missed reloads the hail", async () => {
    const stream = fakeEventStream();
    let current = hail();
    const calls = api(() => current);
    renderScreen();
    await screen.findByText("Reaching 4 creators");
    await waitFor(() => expect(stream.listening("ready")).toBe(true));
    current = hail({ reachedCount: 7 });
    const before = calls.filter((c) => c.path === `/hails/${HAIL_ID}`).length;
    act(() => stream.emit("reset", {}));
    expect(await screen.findByText("Reaching 7 creators")).toBeTruthy();
    expect(calls.filter((c) => c.path === `/hails/${HAIL_ID}`).length).toBe(before + 1);
  });

  it("an unknown hail is the not-found page", async () => {
    fakeEventStream();
    fakeApi((call) =>
      call.path === "/auth/get-session"
        ? signedInSession
        : apiFailure(404, "not_found", "Hail not found"),
    );
    renderScreen();
    expect(await screen.findByText(/Page not found/)).toBeTruthy();
  });
});
