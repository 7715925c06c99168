import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type ProfileSetupResponse,
  ZProfileSetupResponse,
  ZSaveStepRequest,
} from "../../../contracts/profile-setup.ts";
import { apiFailure, fakeApi } from "../../test/fake-api.ts";
import { useProfileSetupActions } from "./api.ts";
import { ProfileSetupWizard } from "./profile-setup-wizard.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const setup: ProfileSetupResponse = ZProfileSetupResponse.parse({
  profile: {
    fullName: "Nova Reyes",
    businessName: null,
    bio: null,
    phone: null,
    specialties: [],
    equipment: [],
    experience: null,
    hourlyRateCents: null,
    packageServices: null,
    travelRadius: 25,
    serviceLocation: null,
    travelFeeCents: null,
    paymentMethod: null,
    payoutEmail: null,
    bankAccountLast4: null,
    hasTaxId: false,
    insurance: null,
    references: null,
    setupStep: 1,
    completionPercent: 10,
    isComplete: false,
    isPublished: false,
    located: false,
  },
  portfolio: [],
  documents: [],
});

function Wizard() {
  return <ProfileSetupWizard data={setup} actions={useProfileSetupActions("user-1")} />;
}

function renderWizard() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Wizard />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("profile setup, step 1 (Personal & Business Info)", () => {
  it("requires the full name before saving", async () => {
    const calls = fakeApi(() => setup);
    const user = renderWizard();
    expect(screen.getByText("Step 1 of 5")).toBeTruthy();
    await user.clear(screen.getByLabelText(/Full Name/));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Full name is required")).toBeTruthy();
    expect(screen.getByText("Step 1 of 5")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("saves the step as a draft with the contract's body, then moves on", async () => {
    const calls = fakeApi(() => setup);
    const user = renderWizard();
    await user.type(screen.getByLabelText(/Business Name/), "Nova Studio");
    await user.type(screen.getByLabelText(/Professional Bio/), "Sunrise portraits.");
    await user.type(screen.getByLabelText(/Phone Number/), "305-555-0142");
    await user.click(screen.getByRole("button", { name: "Next" }));

    expect(await screen.findByText("Step 2 of 5")).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "PUT", path: "/profile-setup/draft" });
    expect(calls[0]?.body).toEqual({
      step: 1,
      fullName: "Nova Reyes",
      businessName: "Nova Studio",
      bio: "Sunrise portraits.",
      phone: "305-555-0142",
    });
    expect(ZSaveStepRequest.safeParse(calls[0]?.body).success).toBe(true);
  });

  it("keeps the step and shows the server's reason when saving fails", async () => {
    fakeApi(() => apiFailure(400, "validation_failed", "Phone is too long"));
    const user = renderWizard();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Phone is too long")).toBeTruthy();
    expect(screen.getByText("Step 1 of 5")).toBeTruthy();
  });
});
