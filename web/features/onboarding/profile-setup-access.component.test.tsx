import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PROFILE_SETUP_MESSAGES } from "../../../contracts/profile-setup.ts";
import ProfileSetupScreen from "../../routes/profile-setup.tsx";
import { signedInSession } from "../../test/booking-fixtures.tsx";
import { apiFailure, fakeApi } from "../../test/fake-api.ts";
import { resetScreen, screenAt } from "../../test/screen-fixtures.tsx";

// Who may open /profile-setup (spec §4 and §8's toasts): the refusals, each where it belongs.

afterEach(resetScreen);

function showSetup(refusal: string) {
  fakeApi((call) =>
    call.path === "/auth/get-session" ? signedInSession : apiFailure(403, "forbidden", refusal),
  );
  render(screenAt(<ProfileSetupScreen />, { route: "/profile-setup" }).wrapper);
}

describe("profile setup's access", () => {
  it("without a creator profile: 'Access denied' and the card whose button leads to the application", async () => {
    showSetup(PROFILE_SETUP_MESSAGES.unverified);
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeTruthy();
    expect(await screen.findByText("Access denied")).toBeTruthy();
    expect(screen.getByRole("link", { name: "View Application Status" }).getAttribute("href")).toBe(
      "/become-photographer",
    );
  });

  it("with a profile not approved: 'Access denied', then Become a Photographer", async () => {
    showSetup(PROFILE_SETUP_MESSAGES.notApproved);
    expect(await screen.findByText("At /become-photographer")).toBeTruthy();
    expect(await screen.findByText("Access denied")).toBeTruthy();
    expect(screen.getByText(PROFILE_SETUP_MESSAGES.notApproved)).toBeTruthy();
  });
});
