import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type OnboardingApplication,
  ZCompleteOnboardingRequest,
} from "../../../contracts/onboarding.ts";
import { apiFailure, fakeApi } from "../../test/fake-api.ts";
import { OnboardForm } from "./onboard-form.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const application: OnboardingApplication = {
  id: "0b3c8a52-6f8e-4d8f-9a0e-7c1d2e3f4a5b",
  fullName: "Nova Reyes",
  email: "nova@example.com",
  phone: null,
  city: "Miami Beach, FL",
  portfolioUrl: "https://nova.example.com",
  specialties: ["Portrait"],
  aboutMe: "Sunrise portraits on the beach.",
  travelRadius: 25,
};

function renderForm() {
  render(
    <MemoryRouter initialEntries={["/onboard"]}>
      <Routes>
        <Route path="/onboard" element={<OnboardForm application={application} />} />
        <Route path="/profile" element={<p>Profile page</p>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe("the onboarding form", () => {
  it("is prefilled from the application and names the fields it refuses", async () => {
    const calls = fakeApi(() => ({}));
    const user = renderForm();
    expect(screen.getByLabelText<HTMLInputElement>("Full Name *").value).toBe("Nova Reyes");
    expect(screen.getByLabelText<HTMLTextAreaElement>("Bio").value).toBe(
      "Sunrise portraits on the beach.",
    );
    expect(screen.getByRole("button", { name: "Portrait" }).getAttribute("aria-pressed")).toBe(
      "true",
    );

    await user.clear(screen.getByLabelText("Full Name *"));
    await user.clear(screen.getByLabelText("Portfolio URL"));
    await user.type(screen.getByLabelText("Portfolio URL"), "nova dot com");
    await user.type(screen.getByLabelText("Travel Radius (miles)"), "x");
    await user.click(screen.getByRole("button", { name: "Complete Setup" }));
    expect(await screen.findByText("Full name is required")).toBeTruthy();
    expect(screen.getByText("Enter a valid URL (https://...)")).toBeTruthy();
    expect(screen.getByText("Enter a whole number of miles")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("creates the profile with the contract's body and goes to /profile", async () => {
    const calls = fakeApi(() => ({ profile: { id: "5e0f5a4e-1f0b-4a57-8d5e-3d6a8f1b2c3d" } }));
    const user = renderForm();
    await user.type(screen.getByLabelText("Business Name"), "Nova Studio");
    await user.click(screen.getByRole("button", { name: "Wedding" }));
    await user.clear(screen.getByLabelText("Travel Radius (miles)"));
    await user.type(screen.getByLabelText("Travel Radius (miles)"), "50");
    await user.click(screen.getByRole("button", { name: "Complete Setup" }));

    expect(await screen.findByText("Profile page")).toBeTruthy();
    expect(screen.getByText("Profile created successfully!")).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "POST", path: "/onboarding/complete" });
    expect(calls[0]?.body).toEqual({
      applicationId: application.id,
      fullName: "Nova Reyes",
      businessName: "Nova Studio",
      bio: "Sunrise portraits on the beach.",
      specialties: ["Portrait", "Wedding"],
      portfolioUrl: "https://nova.example.com",
      city: "Miami Beach, FL",
      travelRadius: 50,
    });
    expect(ZCompleteOnboardingRequest.safeParse(calls[0]?.body).success).toBe(true);
  });

  it("says why the server refused", async () => {
    fakeApi(() => apiFailure(409, "conflict", "Profile already exists"));
    const user = renderForm();
    await user.click(screen.getByRole("button", { name: "Complete Setup" }));
    expect(await screen.findByText("Failed to create profile")).toBeTruthy();
    await waitFor(() => expect(screen.getByText("Profile already exists")).toBeTruthy());
  });
});
