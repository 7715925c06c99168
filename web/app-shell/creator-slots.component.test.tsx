import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, signedInSession } from "../test/booking-fixtures.tsx";
import { apiFailure, fakeApi } from "../test/fake-api.ts";
import { fakeEventStream } from "../test/hail-fixtures.tsx";
import { AvailabilityLink } from "./availability-link.tsx";
import { HailOffersSlot } from "./hail-offers-slot.tsx";
import { PresenceKeeperSlot } from "./presence-keeper-slot.tsx";

// On every screen a creator's tab keeps their presence and hears their hails; a signed-in
// client's tab must not ask for either (issue 23: two refused requests on every page).

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function showAs(roles: { creator: boolean; staff: boolean }) {
  fakeEventStream();
  const calls = fakeApi((call) => {
    if (call.path === "/auth/get-session") return signedInSession;
    if (call.path === "/accounts/me") return roles;
    if (call.path === "/availability/presence") {
      return {
        profileId: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
        online: false,
        position: null,
        lastSeenAt: null,
        heartbeatSeconds: 30,
      };
    }
    if (call.path === "/hail-offers") return { offers: [] };
    return apiFailure(404, "not_found", "Not found");
  });
  render(
    renderWithApp(
      <>
        <PresenceKeeperSlot />
        <HailOffersSlot />
        <AvailabilityLink className="link" />
      </>,
    ).wrapper,
  );
  return calls;
}

describe("the creator's slots on every screen", { timeout: 30_000 }, () => {
  it("ask a signed-in client's tab nothing that would be refused", async () => {
    const calls = showAs({ creator: false, staff: false });
    await waitFor(() => expect(calls.some((c) => c.path === "/accounts/me")).toBe(true));
    // Give lazy slots the time they would take to load and ask.
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.map((c) => c.path)).not.toContain("/availability/presence");
    expect(calls.map((c) => c.path)).not.toContain("/hail-offers");
    expect(screen.queryByRole("link", { name: "Availability" })).toBeNull();
  });

  it("keep a creator's presence, hear their hails, and link the Availability Manager", async () => {
    const calls = showAs({ creator: true, staff: false });
    expect((await screen.findByRole("link", { name: "Availability" })).getAttribute("href")).toBe(
      "/availability",
    );
    await waitFor(
      () => {
        const paths = calls.map((c) => c.path);
        expect(paths).toContain("/availability/presence");
        expect(paths).toContain("/hail-offers");
      },
      { timeout: 10_000 },
    );
  });
});
