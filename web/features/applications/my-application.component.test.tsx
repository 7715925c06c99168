import { render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { MyApplicationResponse } from "../../../contracts/applications.ts";
import ApplyScreen from "../../routes/apply.tsx";
import BecomePhotographer from "../../routes/become-photographer.tsx";
import { signedInSession } from "../../test/booking-fixtures.tsx";
import { type ApiCall, apiFailure, fakeApi } from "../../test/fake-api.ts";
import { resetScreen, screenAt } from "../../test/screen-fixtures.tsx";
import { MY_APPLICATION } from "./my-application.tsx";

// Become a Photographer tells a signed-in applicant where their application stands.

afterEach(resetScreen);

const ID = "5b0f7c1e-3d2a-4c8e-9f10-2a3b4c5d6e7f";

function showPage(
  application: MyApplicationResponse["application"],
  signedIn = true,
  screenUi: { ui: ReactNode; route: string } = {
    ui: <BecomePhotographer />,
    route: "/become-photographer",
  },
) {
  const calls = fakeApi((call) => {
    if (call.path === "/auth/get-session") return signedIn ? signedInSession : null;
    if (call.path === "/applications/mine") return { application };
    return apiFailure(404, "not_found", "Not found");
  });
  render(screenAt(screenUi.ui, { route: screenUi.route }).wrapper);
  return calls;
}

const card = () => screen.findByRole("region", { name: MY_APPLICATION.title });

const application = (
  status: NonNullable<MyApplicationResponse["application"]>["status"],
  denialReason: string | null = null,
) => ({ id: ID, status, createdAt: "2026-11-26T15:00:00.000Z", denialReason });

describe("my application on Become a Photographer", () => {
  it("waiting: its status, when it was sent and when to expect an answer", async () => {
    showPage(application("under_review"));
    const region = await card();
    expect(within(region).getByText("Under Review")).toBeTruthy();
    expect(region.textContent).toContain(
      "Submitted Nov 26, 2026. We review applications within 24 hours and email you the decision.",
    );
    expect(within(region).queryByRole("link")).toBeNull();
  });

  it("approved: the next step is completing the profile", async () => {
    showPage(application("approved"));
    const link = within(await card()).getByRole("link", { name: MY_APPLICATION.completeProfile });
    expect(link.getAttribute("href")).toBe(`/onboard?application_id=${ID}`);
  });

  it("denied: says so with the reason staff gave", async () => {
    showPage(application("denied", "Show more recent event work."));
    const region = await card();
    expect(region.textContent).toContain(MY_APPLICATION.denied);
    expect(region.textContent).toContain("“Show more recent event work.”");
  });

  it("converted: leads to profile setup", async () => {
    showPage(application("converted"));
    const link = within(await card()).getByRole("link", { name: MY_APPLICATION.profileSetup });
    expect(link.getAttribute("href")).toBe("/profile-setup");
  });

  it("shows nothing to someone without an application, and asks nothing when signed out", async () => {
    const asked = showPage(null);
    await waitFor(() => expect(asked.some((c) => c.path === "/applications/mine")).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole("region", { name: MY_APPLICATION.title })).toBeNull();
    resetScreen();
    const calls = showPage(application("approved"), false);
    expect(await screen.findByRole("heading", { level: 1 })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c: ApiCall) => c.path === "/applications/mine")).toEqual([]);
    expect(screen.queryByRole("region", { name: MY_APPLICATION.title })).toBeNull();
  });

  it("on Apply, an open application is shown instead of the form; after a denial the form is back", async () => {
    const apply = { ui: <ApplyScreen />, route: "/apply" };
    showPage(application("pending"), true, apply);
    expect((await card()).textContent).toContain("Pending");
    expect(screen.queryByLabelText(/Full Name/)).toBeNull();
    resetScreen();
    showPage(application("denied", "Show more recent event work."), true, apply);
    expect(await screen.findByLabelText(/Full Name/)).toBeTruthy();
    expect(screen.queryByRole("region", { name: MY_APPLICATION.title })).toBeNull();
  });
});
