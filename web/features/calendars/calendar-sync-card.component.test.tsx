import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { CalendarFeed, ExternalCalendar } from "../../../contracts/calendars.ts";
import { type ApiCall, apiFailure, fakeApi } from "../../test/fake-api.ts";
import { resetScreen, screenAt } from "../../test/screen-fixtures.tsx";
import { CalendarSyncCard } from "./calendar-sync-card.tsx";

// The Availability Manager's Calendar sync card with the real API client and contracts: the
// feed address created, replaced and turned off; external calendars listed with their status,
// added and removed, and the server's refusal shown.

afterEach(resetScreen);

const FEED = "https://shutterhail.example/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics";
const NEW_FEED = FEED.replace("AAAA", "BBBB");
const synced: ExternalCalendar = {
  id: "0b3c7c9e-1111-4c1e-9a55-5b2f0a3c0001",
  label: "Studio work (calendar.google.com)",
  addedAt: "2031-06-01T12:00:00.000Z",
  lastAttemptAt: "2031-06-01T12:00:01.000Z",
  lastSyncedAt: "2031-06-01T12:00:01.000Z",
  lastError: null,
  busyCount: 12,
};
const failing: ExternalCalendar = {
  ...synced,
  id: "0b3c7c9e-1111-4c1e-9a55-5b2f0a3c0002",
  label: "10.0.0.1/…te.ics",
  lastSyncedAt: null,
  lastError: "10.0.0.1 points to a private or local network address; refused",
};

function show(respond: (call: ApiCall) => unknown) {
  const calls = fakeApi(respond);
  render(screenAt(<CalendarSyncCard />, { route: "/availability" }).wrapper);
  return { calls, user: userEvent.setup() };
}

describe("the Calendar sync card", () => {
  it("creates, replaces and turns off the feed address", async () => {
    let feed: CalendarFeed = { url: null, createdAt: null };
    const { calls, user } = show((call) => {
      if (call.path === "/calendar-feed" && call.method === "PUT") {
        feed = { url: FEED, createdAt: "2031-06-01T12:00:00.000Z" };
      }
      if (call.path === "/calendar-feed/replace") feed = { ...feed, url: NEW_FEED };
      if (call.path === "/calendar-feed" && call.method === "DELETE") {
        feed = { url: null, createdAt: null };
      }
      if (call.path.startsWith("/calendar-feed")) return feed;
      if (call.path === "/availability/calendars") return { calendars: [] };
      return apiFailure(404, "not_found", "Not found");
    });
    await user.click(await screen.findByRole("button", { name: "Create my feed address" }));
    const address = await screen.findByLabelText("Your calendar feed address");
    expect((address as HTMLInputElement).value).toBe(FEED);
    await user.click(screen.getByRole("button", { name: "Replace address" }));
    expect(await screen.findByText("New feed address ready")).toBeTruthy();
    expect((screen.getByLabelText("Your calendar feed address") as HTMLInputElement).value).toBe(
      NEW_FEED,
    );
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    expect(await screen.findByRole("button", { name: "Create my feed address" })).toBeTruthy();
    expect(calls.filter((c) => c.method !== "GET").map((c) => `${c.method} ${c.path}`)).toEqual([
      "PUT /calendar-feed",
      "POST /calendar-feed/replace",
      "DELETE /calendar-feed",
    ]);
  });

  it("lists calendars with their status, adds one, shows a refusal and removes one", async () => {
    let calendars = [synced, failing];
    const { calls, user } = show((call) => {
      if (call.path === "/calendar-feed") return { url: null, createdAt: null };
      if (call.path === "/availability/calendars" && call.method === "POST") {
        const url = (call.body as { url: string }).url;
        if (url.startsWith("http:")) {
          return apiFailure(400, "validation_failed", "Only https addresses are fetched");
        }
        calendars = [
          ...calendars,
          {
            ...synced,
            id: "0b3c7c9e-1111-4c1e-9a55-5b2f0a3c0003",
            label: "Family (p01-caldav.icloud.com)",
            lastAttemptAt: null,
            lastSyncedAt: null,
            busyCount: 0,
          },
        ];
      }
      if (call.method === "DELETE") calendars = calendars.filter((c) => !call.path.endsWith(c.id));
      if (call.path.startsWith("/availability/calendars")) return { calendars };
      return apiFailure(404, "not_found", "Not found");
    });
    const list = await screen.findByRole("list", { name: "External calendars" });
    expect(within(list).getByText(/12 busy times in the next 90 days/)).toBeTruthy();
    expect(
      within(list).getByText(/Last sync failed: 10.0.0.1 points to a private or local network/),
    ).toBeTruthy();

    const field = screen.getByLabelText("Calendar's secret address");
    await user.type(field, "http://example.com/cal.ics");
    await user.click(screen.getByRole("button", { name: "Add calendar" }));
    expect(await screen.findByText("Only https addresses are fetched")).toBeTruthy();
    await user.clear(field);
    await user.type(field, "https://p01-caldav.icloud.com/published/2/abc");
    await user.click(screen.getByRole("button", { name: "Add calendar" }));
    expect(await within(list).findByText("Syncing…")).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe("");

    await user.click(within(list).getByRole("button", { name: "Remove 10.0.0.1/…te.ics" }));
    expect(await screen.findByText("Studio work (calendar.google.com)")).toBeTruthy();
    expect(within(list).queryByText(/Last sync failed/)).toBeNull();
    expect(calls.filter((c) => c.method !== "GET").map((c) => [c.method, c.path, c.body])).toEqual([
      ["POST", "/availability/calendars", { url: "http://example.com/cal.ics" }],
      ["POST", "/availability/calendars", { url: "https://p01-caldav.icloud.com/published/2/abc" }],
      ["DELETE", `/availability/calendars/${failing.id}`, undefined],
    ]);
  });
});
