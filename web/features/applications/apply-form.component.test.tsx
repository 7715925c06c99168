import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ZSubmitApplicationRequest } from "../../../contracts/applications.ts";
import { apiFailure, fakeApi } from "../../test/fake-api.ts";
import { ApplyFormCard } from "./apply-form.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const onSubmitted = vi.fn();
  render(
    <>
      <ApplyFormCard onSubmitted={onSubmitted} />
      <Toaster />
    </>,
  );
  return { onSubmitted, user: userEvent.setup() };
}

describe("the apply form", () => {
  it("names each required or malformed field and sends nothing", async () => {
    const calls = fakeApi(() => ({}));
    const { user } = renderForm();
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    expect(await screen.findByText("Full name is required")).toBeTruthy();
    expect(screen.getByText("Enter a valid email address")).toBeTruthy();

    await user.type(screen.getByLabelText("Portfolio URL"), "not a url");
    await user.type(screen.getByLabelText("Travel Radius (miles)"), "ten");
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    expect(await screen.findByText("Enter a valid URL (https://...)")).toBeTruthy();
    expect(screen.getByText("Enter a whole number of miles")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("submits a valid application once, with the contract's body, and says so", async () => {
    const calls = fakeApi(() => ({
      application: { id: "8d7f6c1e-4b7a-4c55-9a51-2f3f1c0e9b11", status: "pending" },
      warnings: ["Your application was saved, but we could not send the confirmation email."],
    }));
    const { user, onSubmitted } = renderForm();
    await user.type(screen.getByLabelText("Full Name *"), "  Nova Reyes ");
    await user.type(screen.getByLabelText("Email *"), "nova@example.com");
    await user.type(screen.getByLabelText("City"), "Miami Beach, FL");
    await user.type(screen.getByLabelText("Portfolio URL"), "https://nova.example.com");
    await user.selectOptions(screen.getByLabelText("Experience Level"), "advanced");
    await user.type(screen.getByLabelText("Travel Radius (miles)"), "50");
    await user.click(screen.getByRole("button", { name: "Portrait" }));
    await user.click(screen.getByRole("button", { name: "Wedding" }));
    await user.click(screen.getByRole("button", { name: "Wedding" }));
    await user.click(screen.getByRole("button", { name: "Submit Application" }));

    await waitFor(() => expect(onSubmitted).toHaveBeenCalledOnce());
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "POST", path: "/applications" });
    expect(calls[0]?.body).toEqual({
      fullName: "Nova Reyes",
      email: "nova@example.com",
      // Empty optional fields leave the form as the request schema makes them: null.
      phone: null,
      city: "Miami Beach, FL",
      portfolioUrl: "https://nova.example.com",
      experienceLevel: "advanced",
      specialties: ["Portrait"],
      aboutMe: null,
      travelRadius: 50,
      sampleImages: [],
    });
    expect(ZSubmitApplicationRequest.safeParse(calls[0]?.body).success).toBe(true);
    expect(
      await screen.findByText(
        "Application submitted successfully! Check your email for confirmation.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText("Your application was saved, but we could not send the confirmation email."),
    ).toBeTruthy();
  });

  it("shows the server's refusal under the spec's title", async () => {
    fakeApi(() => apiFailure(429, "rate_limited", "Too many attempts."));
    const { user, onSubmitted } = renderForm();
    await user.type(screen.getByLabelText("Full Name *"), "Nova Reyes");
    await user.type(screen.getByLabelText("Email *"), "nova@example.com");
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    expect(await screen.findByText("Failed to submit application")).toBeTruthy();
    expect(screen.getByText("Too many attempts.")).toBeTruthy();
    expect(onSubmitted).not.toHaveBeenCalled();
  });
});
