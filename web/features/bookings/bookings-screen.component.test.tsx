import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_QUERY_KEY } from "../../lib/session-query.ts";
import BookingsScreen from "../../routes/bookings.tsx";
import {
  CREATOR_ID,
  creatorProfile,
  renderWithApp,
  signedInSession,
} from "../../test/booking-fixtures.tsx";
import { apiFailure, fakeApi } from "../../test/fake-api.ts";
import { closeAuthDialog, useAuthDialogMode } from "../accounts/auth-dialog-store.ts";

afterEach(() => {
  toast.dismiss();
  closeAuthDialog();
  cleanup();
  vi.unstubAllGlobals();
});

function AuthModeProbe() {
  return <p>Auth dialog: {useAuthDialogMode() ?? "closed"}</p>;
}

describe("My Bookings with a creator to book", () => {
  it("signed out: the sign-in prompt opens by itself and closes when a session appears", async () => {
    vi.stubGlobal(
      "EventSource",
      class {
        addEventListener() {}
        close() {}
      },
    );
    fakeApi((call) => {
      if (call.path === "/auth/get-session") return null;
      if (call.path === `/creators/${CREATOR_ID}`) return creatorProfile;
      if (call.path === "/bookings")
        return { upcoming: [], past: [], requests: [], schedule: [], sessions: [] };
      return apiFailure(404, "not_found", "Not found");
    });
    const { client, wrapper } = renderWithApp(
      <>
        <BookingsScreen />
        <AuthModeProbe />
      </>,
      `/bookings?creator=${CREATOR_ID}`,
    );
    render(wrapper);
    expect(await screen.findByRole("heading", { name: "My Bookings" })).toBeTruthy();
    expect(await screen.findByText("Auth dialog: signin")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "New Booking" })).toBeTruthy();

    // Signing in (in the dialog) makes the session appear: the prompt closes.
    act(() => client.setQueryData(SESSION_QUERY_KEY, signedInSession as never));
    await waitFor(() => expect(screen.getByText("Auth dialog: closed")).toBeTruthy());
    expect(await screen.findByText("No upcoming bookings")).toBeTruthy();
  });
});
