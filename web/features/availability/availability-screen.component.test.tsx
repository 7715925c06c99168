import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import {
  type PresenceState,
  STAY_AVAILABLE_STRINGS as STAY,
} from "../../../contracts/availability.ts";
import type { Schedule } from "../../../contracts/schedule.ts";
import AvailabilityScreen from "../../routes/availability.tsx";
import { signedInSession } from "../../test/booking-fixtures.tsx";
import { type ApiCall, apiFailure, fakeApi } from "../../test/fake-api.ts";
import { AuthDialogProbe, resetScreen, screenAt } from "../../test/screen-fixtures.tsx";
import { closeAuthDialog } from "../accounts/auth-dialog-store.ts";

// The Availability Manager (spec §2): its guard, the Live Availability switch, the schedule
// card under it (tested on its own in schedule-card.component.test.tsx) and How It Works.

afterEach(() => {
  closeAuthDialog();
  resetScreen();
});

const offline: PresenceState = {
  profileId: "p1",
  online: false,
  position: null,
  lastSeenAt: null,
  heartbeatSeconds: 30,
  availableUntil: null,
};
const online: PresenceState = {
  ...offline,
  online: true,
  position: { lat: 40.712_776, lng: -74.005_974 },
  lastSeenAt: "2026-11-27T12:00:00.000Z",
};
const schedule: Schedule = {
  timeZone: "America/New_York",
  minNoticeMinutes: 720,
  bufferMinutes: 30,
  weekly: [],
  overrides: [],
  oneOffs: [],
};

/** The screen for a signed-in creator; `respond` answers first (undefined: the defaults). */
function showAvailability(respond: (call: ApiCall) => unknown = () => undefined) {
  const calls = fakeApi((call) => {
    const answer = respond(call);
    if (answer !== undefined) return answer;
    if (call.path === "/auth/get-session") return signedInSession;
    if (call.path === "/accounts/me") return { creator: true, staff: false };
    if (call.path === "/availability/presence") return offline;
    if (call.path === "/availability/schedule") return schedule;
    return apiFailure(404, "not_found", "Not found");
  });
  render(
    screenAt(
      <>
        <AvailabilityScreen />
        <AuthDialogProbe />
      </>,
      { route: "/availability" },
    ).wrapper,
  );
  return { calls, user: userEvent.setup() };
}

const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === "POST");

async function waitForPost(calls: ApiCall[], path: string) {
  await waitFor(() => expect(posts(calls).some((c) => c.path === path)).toBe(true));
  return posts(calls).find((c) => c.path === path)!;
}

describe("the Availability Manager", () => {
  it("a creator goes online and sees where clients see them, then goes offline", async () => {
    const { calls, user } = showAvailability((call) => {
      if (call.path === "/availability/online") return online;
      if (call.path === "/availability/offline") return offline;
      return undefined;
    });
    expect(screen.getByRole("heading", { name: "Availability Manager" })).toBeTruthy();
    const toggle = await screen.findByRole("switch", { name: "Currently Offline" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(screen.getByText("Turn on to receive live booking requests.")).toBeTruthy();
    expect(screen.queryByText("Location tracking active")).toBeNull();
    // The rest of the page: the schedule card and How It Works.
    expect(await screen.findByText("No recurring schedule set up yet")).toBeTruthy();
    expect(screen.getByText("Booking Management")).toBeTruthy();

    await user.click(toggle);
    expect(await screen.findByText("You're Now Online!")).toBeTruthy();
    const on = screen.getByRole("switch", { name: "Currently Online" });
    expect(on.getAttribute("aria-checked")).toBe("true");
    expect(
      screen.getByText("Your location is being tracked and you're visible to clients."),
    ).toBeTruthy();
    expect(screen.getByText("Location tracking active")).toBeTruthy();
    expect(screen.getByText("40.7128, -74.0060")).toBeTruthy();
    expect(screen.getByText("Clients can see you're available now")).toBeTruthy();

    await user.click(on);
    expect(await screen.findByText("You're Now Offline")).toBeTruthy();
    expect(screen.queryByText("Location tracking active")).toBeNull();
    expect(posts(calls)).toEqual([
      { method: "POST", path: "/availability/online", body: {} },
      { method: "POST", path: "/availability/offline", body: {} },
    ]);
  });

  it("a switch the server refuses stays as it was and says so", async () => {
    const { user } = showAvailability((call) =>
      call.path === "/availability/online" ? apiFailure(500, "internal", "Boom") : undefined,
    );
    await user.click(await screen.findByRole("switch", { name: "Currently Offline" }));
    expect(await screen.findByText("Failed to update availability status")).toBeTruthy();
    expect(screen.getByText("Error")).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Currently Offline" })).toBeTruthy();
  });

  it("someone who is not a creator is sent to apply, and their presence is never asked for", async () => {
    const { calls } = showAvailability((call) =>
      call.path === "/accounts/me" ? { creator: false, staff: false } : undefined,
    );
    expect(await screen.findByRole("heading", { name: "For approved creators" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Become a Creator" }).getAttribute("href")).toBe(
      "/become-photographer",
    );
    expect(screen.queryByRole("switch")).toBeNull();
    expect(calls.some((c) => c.path.startsWith("/availability"))).toBe(false);
  });

  it("signed out: the sign-in prompt opens by itself and the page asks to sign in", async () => {
    const { calls, user } = showAvailability((call) =>
      call.path === "/auth/get-session" ? null : undefined,
    );
    expect(
      await screen.findByRole("heading", { name: "Sign in to manage your availability" }),
    ).toBeTruthy();
    expect(screen.getByText("Auth dialog: signin")).toBeTruthy();
    closeAuthDialog();
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByText("Auth dialog: signin")).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(["/auth/get-session"]);
  });

  it("when the presence cannot be loaded, offers to try again", async () => {
    let down = true;
    const { user } = showAvailability((call) => {
      if (call.path === "/availability/presence" && down) throw new TypeError("offline");
      return undefined;
    });
    const notice = await screen.findByText(/Your availability could not be loaded\./);
    down = false;
    await user.click(within(notice).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("switch", { name: "Currently Offline" })).toBeTruthy();
  });

  it("a creator stays available without the tab until a chosen time, in an area they type", async () => {
    let until: string | null = null;
    const { calls, user } = showAvailability((call) => {
      if (call.path === "/availability/stay-available") {
        until = (call.body as { until: string }).until;
        return { ...online, availableUntil: until };
      }
      if (call.path === "/availability/presence") return { ...offline, availableUntil: until };
      return undefined;
    });
    const card = (await screen.findByRole("heading", { name: STAY.title })).closest(
      "[class*=rounded]",
    ) as HTMLElement;
    const time = within(card).getByLabelText(STAY.until);
    await user.clear(time);
    await user.type(time, "18:30");
    await user.type(within(card).getByLabelText(STAY.area), "Miami, FL");
    await user.click(within(card).getByRole("button", { name: STAY.start }));

    const stay = await waitForPost(calls, "/availability/stay-available");
    const body = stay.body as { until: string; place: string };
    expect(body.place).toBe("Miami, FL");
    const chosen = new Date(body.until);
    expect([chosen.getHours(), chosen.getMinutes()]).toEqual([18, 30]);
    expect(chosen.getTime()).toBeGreaterThan(Date.now());
    expect(chosen.getTime() - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    expect(await within(card).findByText(/Available for hails until 6:30\sPM/)).toBeTruthy();
    expect(within(card).getByText(STAY.notLive)).toBeTruthy();
  });
});
