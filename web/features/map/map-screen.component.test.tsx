import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MapResponse } from "../../../contracts/search.ts";
import MapScreen from "../../routes/map.tsx";
import { LEO_ID, MAYA_ID, mapCreator } from "../../test/creator-fixtures.tsx";
import { type ApiCall, apiFailure, fakeApi } from "../../test/fake-api.ts";
import { resetScreen, SilentEventSource, screenAt } from "../../test/screen-fixtures.tsx";

// 'Creators Near You' (spec §2 Map): the real Leaflet map in jsdom, the device's position
// given by a stand-in for navigator.geolocation, the API faked at fetch.

afterEach(() => {
  // jsdom has no geolocation of its own: each test gives the device's answer.
  Reflect.deleteProperty(navigator, "geolocation");
  resetScreen();
});

const answer: MapResponse = {
  creators: [
    // Available without an open tab: shown in her area, marked not live-tracked.
    mapCreator({ liveTracked: false }),
    mapCreator({
      id: LEO_ID,
      name: "Leo Lens",
      type: "videographer",
      availableNow: false,
      specialties: [],
      lat: 25.77,
      lng: -80.19,
      distanceBand: null,
    }),
  ],
  stats: { availableCount: 1, avgRating: 4.9, avgDistanceMiles: 0.8 },
};

/** The device answers the position request with `where`, or refuses with `refuse`'s code. */
function device(where: { lat: number; lng: number } | { refuse: 1 | 2 }) {
  Object.defineProperty(navigator, "geolocation", {
    configurable: true,
    value: {
      getCurrentPosition: (
        ok: (p: { coords: { latitude: number; longitude: number } }) => void,
        fail: (e: { code: number; PERMISSION_DENIED: number }) => void,
      ) =>
        "refuse" in where
          ? fail({ code: where.refuse, PERMISSION_DENIED: 1 })
          : ok({ coords: { latitude: where.lat, longitude: where.lng } }),
    },
  });
}

function showMap(respond: (call: ApiCall) => unknown) {
  vi.stubGlobal("EventSource", SilentEventSource);
  const calls = fakeApi((call) => (call.path === "/auth/get-session" ? null : respond(call)));
  render(screenAt(<MapScreen />, { route: "/map" }).wrapper);
  return { calls, user: userEvent.setup() };
}

const stat = (label: string) => screen.getByTestId(`stat-${label}`).textContent;

describe("the creators map", () => {
  it("asks for creators around the viewer, marks them, and opens one's card with the nearest start", async () => {
    device({ lat: 25.78, lng: -80.14 });
    const { calls, user } = showMap((call) => {
      if (call.path === "/map/creators") return answer;
      if (call.path === `/creators/${MAYA_ID}/portfolio`)
        return { items: [], page: 1, pageCount: 0, total: 0 };
      if (call.path === `/creators/${MAYA_ID}/next-start`)
        return { date: "2026-11-28", time: "10:00" };
      return apiFailure(404, "not_found", "Not found");
    });
    expect(screen.getByRole("heading", { name: "Creators Near You" })).toBeTruthy();
    const marker = await screen.findByTitle("Maya Chen");
    expect(screen.getByTitle("Leo Lens")).toBeTruthy();
    expect(calls.find((c) => c.path === "/map/creators")?.search).toBe("?lat=25.78&lng=-80.14");
    await waitFor(() => expect(stat("Avg Rating")).toBe("4.9"));
    expect(stat("Avg Distance")).toBe("0.8mi");

    fireEvent.click(marker);
    const card = await screen.findByRole("region", { name: "Maya Chen details" });
    expect(within(card).getByText("Available")).toBeTruthy();
    expect(within(card).getByText("Not live-tracked")).toBeTruthy();
    expect(within(card).getByText("Under 1 mi away")).toBeTruthy();
    expect(within(card).getByText("Portrait")).toBeTruthy();
    await waitFor(() =>
      expect(
        within(card).getByRole("link", { name: "Book Photographer" }).getAttribute("href"),
      ).toBe(`/bookings?creator=${MAYA_ID}&date=2026-11-28&time=10%3A00`),
    );
    expect(within(card).getByRole("link", { name: "View Profile" }).getAttribute("href")).toBe(
      `/p/${MAYA_ID}`,
    );
    expect(calls.find((c) => c.path.endsWith("/next-start"))?.search).toBe("?hours=1");
    await user.click(within(card).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("region", { name: "Maya Chen details" })).toBeNull();

    // A creator who is not available cannot be booked from the map, and no start is asked for.
    fireEvent.click(screen.getByTitle("Leo Lens"));
    const leo = await screen.findByRole("region", { name: "Leo Lens details" });
    expect(
      within(leo).getByRole("button", { name: "Book Videographer" }).hasAttribute("disabled"),
    ).toBe(true);
    expect(calls.some((c) => c.path === `/creators/${LEO_ID}/next-start`)).toBe(false);
  });

  it("without the viewer's position: says so and asks for creators anywhere on the map", async () => {
    device({ refuse: 1 });
    const { calls } = showMap((call) => (call.path === "/map/creators" ? answer : undefined));
    expect(await screen.findByText("Location access denied. Using default location.")).toBeTruthy();
    expect(await screen.findByTitle("Maya Chen")).toBeTruthy();
    expect(calls.find((c) => c.path === "/map/creators")?.search).toBeUndefined();
  });

  it("says when the creators cannot be loaded", async () => {
    device({ refuse: 2 });
    showMap(() => apiFailure(500, "internal", "Boom"));
    expect(
      await screen.findByText("Unable to get your location. Using default location."),
    ).toBeTruthy();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Creators could not be loaded. Please try again.",
    );
  });
});
