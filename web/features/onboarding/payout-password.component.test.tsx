import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type ProfileSetupResponse,
  ZProfileSetupResponse,
  ZSaveStepRequest,
} from "../../../contracts/profile-setup.ts";
import { type ApiCall, apiFailure, fakeApi } from "../../test/fake-api.ts";
import { useProfileSetupActions } from "./api.ts";
import { ProfileSetupWizard } from "./profile-setup-wizard.tsx";

// Changing payout details already set: the server asks for the password (403
// password_required), the wizard asks the person in a dialog and sends the step again with it.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const setup: ProfileSetupResponse = ZProfileSetupResponse.parse({
  profile: {
    fullName: "Nova Reyes",
    businessName: null,
    bio: "Portraits",
    phone: "305-555-0142",
    specialties: [],
    equipment: [],
    experience: null,
    hourlyRateCents: 15_000,
    packageServices: null,
    travelRadius: 25,
    serviceLocation: "33139",
    travelFeeCents: null,
    paymentMethod: "paypal",
    payoutEmail: "nova@example.com",
    bankAccountLast4: null,
    hasTaxId: false,
    insurance: null,
    references: null,
    setupStep: 4,
    completionPercent: 60,
    isComplete: false,
    isPublished: false,
    located: true,
  },
  portfolio: [],
  documents: [],
});

const ASK = "Enter your password to change your payout details.";
const WRONG = "That password is not right. Enter your password to change your payout details.";

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

/** The server: no password or the wrong one → 403 password_required; "right password" → 200. */
function payoutServer(call: ApiCall) {
  const password = (call.body as { currentPassword?: string }).currentPassword;
  if (password === "right password") return setup;
  return apiFailure(403, "password_required", password ? WRONG : ASK);
}

async function changeEmail(user: ReturnType<typeof userEvent.setup>) {
  expect(screen.getByText("Step 4 of 5")).toBeTruthy();
  const email = screen.getByLabelText("PayPal Email");
  await user.clear(email);
  await user.type(email, "new@example.com");
  await user.click(screen.getByRole("button", { name: "Next" }));
  return screen.findByRole("dialog", { name: "Confirm it's you" });
}

describe("changing payout details already set", () => {
  it("asks for the password, says when it is wrong, and saves with the right one", async () => {
    const calls = fakeApi(payoutServer);
    const user = renderWizard();
    const dialog = await changeEmail(user);
    expect(dialog.textContent).toContain("We'll email you about the change.");
    expect(calls[0]?.body).toMatchObject({ step: 4, payoutEmail: "new@example.com" });
    expect(calls[0]?.body).not.toHaveProperty("currentPassword");

    const field = screen.getByLabelText("Password");
    expect(field.getAttribute("type")).toBe("password");
    expect(field.getAttribute("autocomplete")).toBe("current-password");
    await user.type(field, "wrong password");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText(WRONG)).toBeTruthy();
    expect(screen.getByText("Step 4 of 5")).toBeTruthy();

    await user.clear(screen.getByLabelText("Password"));
    await user.type(screen.getByLabelText("Password"), "right password");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Step 5 of 5")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls).toHaveLength(3);
    expect(calls[2]?.body).toEqual({
      step: 4,
      paymentMethod: "paypal",
      payoutEmail: "new@example.com",
      currentPassword: "right password",
    });
    expect(ZSaveStepRequest.safeParse(calls[2]?.body).success).toBe(true);
  });

  it("stays on the step, unchanged, when the person cancels", async () => {
    const calls = fakeApi(payoutServer);
    const user = renderWizard();
    await changeEmail(user);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("Step 4 of 5")).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it("shows the server's reason in a toast when the account has no password to give", async () => {
    const message = "Your account signs in with Google or Facebook and has no password.";
    fakeApi(() => apiFailure(403, "forbidden", message));
    const user = renderWizard();
    const email = screen.getByLabelText("PayPal Email");
    await user.clear(email);
    await user.type(email, "new@example.com");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText("Step 4 of 5")).toBeTruthy();
  });
});
