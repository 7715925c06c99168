import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { UNKNOWN_ZIP_MESSAGE } from "../../../contracts/search.ts";
import SearchScreen from "../../routes/search.tsx";
import { creatorCard, LEO_ID, MAYA_ID } from "../../test/creator-fixtures.tsx";
import { type ApiCall, apiFailure, fakeApi } from "../../test/fake-api.ts";
import { FakeEventSource } from "../../test/notification-fixtures.tsx";
import { resetScreen, screenAt } from "../../test/screen-fixtures.tsx";

// Find Creators (spec §2 Search): the form and quick filters live in the address; results come
// a page at a time; 'Available now' follows creators going online.

afterEach(resetScreen);

const leo = creatorCard({
  id: LEO_ID,
  name: "Leo Lens",
  type: "videographer",
  specialty: "Event",
  reviewCount: 0,
  hourlyRateCents: null,
  city: null,
  distanceMiles: null,
});

function showSearch(path: string, respond: (call: ApiCall) => unknown) {
  vi.stubGlobal("EventSource", FakeEventSource);
  const calls = fakeApi((call) => (call.path === "/auth/get-session" ? null : respond(call)));
  render(screenAt(<SearchScreen />, { route: "/search", path }).wrapper);
  return { calls, user: userEvent.setup() };
}

const searches = (calls: ApiCall[]) =>
  calls.filter((c) => c.path === "/search").map((c) => c.search);

describe("finding creators", () => {
  it("shows the search from the address, one card per creator, and loads more from the cursor", async () => {
    const { calls, user } = showSearch("/search?zip=33139&service=Photography", (call) =>
      call.search?.includes("cursor=")
        ? { items: [leo], nextCursor: null, origin: null }
        : {
            items: [creatorCard()],
            nextCursor: "c2",
            origin: { zip: "33139", city: "Miami Beach", state: "FL" },
          },
    );
    expect(screen.getByRole("heading", { name: "Find Creators" })).toBeTruthy();
    const maya = (await screen.findByRole("heading", { name: "Maya Chen" })).closest("article")!;
    expect(screen.getByRole("heading", { name: /^Photography near 33139/ }).textContent).toBe(
      "Photography near 33139 · Miami Beach, FL",
    );
    expect((screen.getByLabelText("ZIP code") as HTMLInputElement).value).toBe("33139");
    expect(within(maya).getByText("Photographer")).toBeTruthy();
    expect(maya.textContent).toContain("$150/hr");
    expect(maya.textContent).toContain("4.9(12)");
    expect(within(maya).getByText("Miami Beach · 1.2 mi")).toBeTruthy();
    expect(within(maya).queryByText("Available now")).toBeNull();
    expect(within(maya).getByRole("link", { name: "View Profile" }).getAttribute("href")).toBe(
      `/p/${MAYA_ID}`,
    );
    expect(within(maya).getByRole("link", { name: "Send Message" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Load More Results" }));
    const leoCard = (await screen.findByRole("heading", { name: "Leo Lens" })).closest("article")!;
    // No reviews yet, no rate, no place: it says "New" and nothing more.
    expect(within(leoCard).getByText("New")).toBeTruthy();
    expect(leoCard.textContent).not.toContain("/hr");
    expect(screen.queryByRole("button", { name: "Load More Results" })).toBeNull();
    expect(searches(calls)).toEqual([
      "?zip=33139&service=Photography",
      "?zip=33139&service=Photography&cursor=c2",
    ]);
  });

  it("refuses a ZIP that is not five digits; a search and a quick filter change the address", async () => {
    const { calls, user } = showSearch("/search", () => ({
      items: [],
      nextCursor: null,
      origin: null,
    }));
    expect(await screen.findByText("No creators found.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "All creators" })).toBeTruthy();
    const zip = screen.getByLabelText("ZIP code");
    await user.type(zip, "12a3");
    expect((zip as HTMLInputElement).value).toBe("123");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(zip.getAttribute("aria-invalid")).toBe("true");
    expect(searches(calls)).toEqual([undefined]);

    await user.type(zip, "45");
    await user.selectOptions(screen.getByLabelText("Service"), "Videography");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByRole("heading", { name: "Videography near 12345" })).toBeTruthy();
    expect(searches(calls).at(-1)).toBe("?zip=12345&service=Videography");

    const wedding = screen.getByRole("button", { name: "Wedding" });
    await user.click(wedding);
    expect(
      await screen.findByRole("heading", { name: "Videography (Wedding) near 12345" }),
    ).toBeTruthy();
    expect(wedding.getAttribute("aria-pressed")).toBe("true");
    expect(searches(calls).at(-1)).toBe("?zip=12345&service=Videography&filter=Wedding");
    // Picking the active filter again clears it.
    await user.click(screen.getByRole("button", { name: "Wedding" }));
    await waitFor(() => expect(searches(calls).at(-1)).toBe("?zip=12345&service=Videography"));
  });

  it("says why a search failed", async () => {
    showSearch("/search?zip=00000", () =>
      apiFailure(400, "validation_failed", UNKNOWN_ZIP_MESSAGE),
    );
    expect((await screen.findByRole("alert")).textContent).toBe(UNKNOWN_ZIP_MESSAGE);
  });

  it("'Available now' follows a creator going online while the results are shown", async () => {
    showSearch("/search", () => ({ items: [creatorCard()], nextCursor: null, origin: null }));
    const card = (await screen.findByRole("heading", { name: "Maya Chen" })).closest("article")!;
    expect(within(card).queryByText("Available now")).toBeNull();
    act(() =>
      FakeEventSource.last?.emit(REALTIME_TOPICS.creatorPresence, 9_000, {
        id: MAYA_ID,
        listed: true,
        lat: 25.79,
        lng: -80.13,
        availableNow: true,
      }),
    );
    expect(await within(card).findByText("Available now")).toBeTruthy();
  });
});
