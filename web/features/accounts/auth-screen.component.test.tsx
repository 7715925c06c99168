import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PREFERENCES } from "../../../contracts/preferences.ts";
import AuthPage from "../../routes/auth.tsx";
import Profile from "../../routes/profile.tsx";
import { signedInSession } from "../../test/booking-fixtures.tsx";
import { type ApiCall, fakeApi } from "../../test/fake-api.ts";
import {
  AuthDialogProbe,
  reachAuthClient,
  resetScreen,
  screenAt,
} from "../../test/screen-fixtures.tsx";
import { AccountActions } from "./account-actions.tsx";
import { closeAuthDialog } from "./auth-dialog-store.ts";

// Signing in and up (spec §Authentication) through the real Better Auth client: only fetch is
// faked, answering /api/auth/* in Better Auth's own shape ({ code, message } on failure).

afterEach(() => {
  closeAuthDialog();
  resetScreen();
});

/** Better Auth's failure answer. */
const authFailure = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ code, message }), {
    status,
    headers: { "Content-Type": "application/json" },
  });

/** The /auth page for a visitor; `respond` answers /api/auth/* (undefined: signed out). */
function showAuthPage(path: string, respond: (call: ApiCall) => unknown = () => undefined) {
  let signedIn = false;
  const calls = fakeApi((call) => {
    if (call.path === "/accounts/providers") return { social: ["google"] };
    const answer = respond(call);
    if (answer !== undefined) {
      if (call.path === "/auth/sign-in/email" && !(answer instanceof Response)) signedIn = true;
      return answer;
    }
    if (call.path === "/auth/get-session") return signedIn ? signedInSession : null;
    return authFailure(404, "NOT_FOUND", "Not found");
  });
  reachAuthClient();
  render(screenAt(<AuthPage />, { route: "/auth", path }).wrapper);
  return { calls, user: userEvent.setup() };
}

const authCalls = (calls: ApiCall[], path: string) => calls.filter((c) => c.path === path);

async function fillSignIn(user: ReturnType<typeof userEvent.setup>, password = "correct horse") {
  await user.type(await screen.findByLabelText(/Email/), "cleo@example.com");
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign In" }));
}

describe("the sign-in page", () => {
  it("signs in and goes on to where the visitor was headed", async () => {
    const { calls, user } = showAuthPage("/auth?redirect=%2Fbookings%3Fcreator%3D1", (call) =>
      call.path === "/auth/sign-in/email" ? { user: signedInSession.user, token: "t" } : undefined,
    );
    expect(await screen.findByRole("heading", { name: "Welcome Back" })).toBeTruthy();
    await fillSignIn(user);
    expect(await screen.findByText("At /bookings?creator=1")).toBeTruthy();
    expect(screen.getByText("Signed in")).toBeTruthy();
    expect(authCalls(calls, "/auth/sign-in/email")).toMatchObject([
      { method: "POST", body: { email: "cleo@example.com", password: "correct horse" } },
    ]);
  });

  it("a wrong password says why and stays; an unconfirmed address offers to resend the link", async () => {
    let unconfirmed = false;
    const { calls, user } = showAuthPage("/auth?redirect=/earnings", (call) => {
      if (call.path === "/auth/sign-in/email")
        return unconfirmed
          ? authFailure(403, "EMAIL_NOT_VERIFIED", "Email not verified")
          : authFailure(401, "INVALID_EMAIL_OR_PASSWORD", "Invalid email or password");
      if (call.path === "/auth/send-verification-email") return { status: true };
      return undefined;
    });
    await fillSignIn(user, "wrong");
    expect(await screen.findByText("Authentication failed")).toBeTruthy();
    expect(screen.getByText("Invalid email or password")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Welcome Back" })).toBeTruthy();

    unconfirmed = true;
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    // Sonner captures the pointer on a toast's pointerdown, which jsdom cannot: a plain click.
    fireEvent.click(await screen.findByRole("button", { name: "Resend email" }));
    expect(
      await screen.findByText("We sent a new confirmation link to cleo@example.com."),
    ).toBeTruthy();
    expect(authCalls(calls, "/auth/send-verification-email")).toMatchObject([
      { method: "POST", body: { email: "cleo@example.com", callbackURL: "/earnings" } },
    ]);
  });

  it("signs up as a client or as a creator, then asks to confirm the address", async () => {
    const { calls, user } = showAuthPage("/auth?redirect=/bookings", (call) =>
      call.path === "/auth/sign-up/email" ? { token: null, user: signedInSession.user } : undefined,
    );
    await user.click(await screen.findByRole("button", { name: "Sign up" }));
    expect(screen.getByRole("heading", { name: "Join ShutterHail" })).toBeTruthy();
    expect(screen.getByText("8 to 128 characters.")).toBeTruthy();
    await user.type(screen.getByLabelText(/Full Name/), "Cleo Client");
    await user.type(screen.getByLabelText(/Email/), "cleo@example.com");
    await user.type(screen.getByLabelText(/Password/), "correct horse");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText(/We sent you a confirmation link/)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Welcome Back" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Join as Creator" }));
    expect(screen.getByRole("heading", { name: "Join as Creator" })).toBeTruthy();
    await user.type(screen.getByLabelText(/Full Name/), "Maya Chen");
    await user.type(screen.getByLabelText(/Email/), "maya@example.com");
    await user.type(screen.getByLabelText(/Password/), "correct horse");
    await user.type(screen.getByLabelText(/Location/), "Miami, FL");
    await user.click(screen.getByRole("button", { name: "Join as Creator" }));
    await waitFor(() => expect(authCalls(calls, "/auth/sign-up/email")).toHaveLength(2));
    expect(authCalls(calls, "/auth/sign-up/email").map((c) => c.body)).toMatchObject([
      {
        name: "Cleo Client",
        email: "cleo@example.com",
        signedUpAs: "client",
        callbackURL: "/bookings",
      },
      {
        name: "Maya Chen",
        email: "maya@example.com",
        location: "Miami, FL",
        signedUpAs: "creator",
        callbackURL: "/bookings",
      },
    ]);
  });

  it("a social sign-in the server has not set up says so and sends nothing", async () => {
    const { calls, user } = showAuthPage("/auth");
    await screen.findByRole("heading", { name: "Welcome Back" });
    await waitFor(() => expect(authCalls(calls, "/accounts/providers")).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: "Facebook" }));
    expect(await screen.findByText("Facebook sign-in is not available")).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith("/auth/sign-in"))).toBe(false);
  });

  it("someone already signed in goes straight on, never to another site", async () => {
    showAuthPage("/auth?redirect=//evil.example.com/x", (call) =>
      call.path === "/auth/get-session" ? signedInSession : undefined,
    );
    expect(await screen.findByText("At /")).toBeTruthy();
  });
});

describe("the header's account actions", () => {
  it("offer sign-in and sign-up to a visitor, and sign-out with the name once signed in", async () => {
    let session: typeof signedInSession | null = null;
    const calls = fakeApi((call) => {
      if (call.path === "/auth/sign-out") {
        session = null;
        return { success: true };
      }
      return call.path === "/auth/get-session" ? session : null;
    });
    reachAuthClient();
    const view = screenAt(
      <>
        <AccountActions />
        <AuthDialogProbe />
      </>,
      { route: "/" },
    );
    render(view.wrapper);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Get Started" }));
    expect(screen.getByText("Auth dialog: signin")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByText("Auth dialog: signin")).toBeTruthy();

    session = signedInSession;
    await view.client.refetchQueries();
    const signOut = await screen.findByRole("button", { name: "Sign Out" });
    expect(within(signOut.parentElement!).getByText("Cleo Client")).toBeTruthy();
    await user.click(signOut);
    expect(await screen.findByRole("button", { name: "Get Started" })).toBeTruthy();
    expect(calls.filter((c) => c.path === "/auth/sign-out")).toMatchObject([{ method: "POST" }]);
  });
});

describe("the account page", () => {
  it("signed out: invites the visitor to sign in or create an account", async () => {
    fakeApi(() => null);
    render(
      screenAt(
        <>
          <Profile />
          <AuthDialogProbe />
        </>,
        { route: "/profile" },
      ).wrapper,
    );
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { name: "Welcome to ShutterHail" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(screen.getByText("Auth dialog: signup")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByText("Auth dialog: signin")).toBeTruthy();
  });

  it("signed in: who they are, where to go, their notification settings; signing out says if it failed", async () => {
    // Radix's switch measures its thumb; jsdom has no ResizeObserver.
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    let refuse = true;
    const calls = fakeApi((call) => {
      if (call.path === "/auth/get-session") return signedInSession;
      if (call.path === "/accounts/me") return { creator: false, staff: false };
      if (call.path === "/account/preferences") return DEFAULT_PREFERENCES;
      if (call.path === "/auth/sign-out")
        return refuse ? authFailure(500, "INTERNAL", "Session store down") : { success: true };
      return null;
    });
    reachAuthClient();
    render(screenAt(<Profile />, { route: "/profile" }).wrapper);
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { name: "Cleo Client" })).toBeTruthy();
    expect(screen.getByText("cleo@example.com")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Account" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["My Bookings", "/bookings"],
      ["Messages", "/messages"],
      ["Find Photographers", "/search"],
    ]);
    expect(await screen.findByRole("switch", { name: "Show read receipts" })).toBeTruthy();
    // Not a creator: their profile setup is never asked for.
    expect(calls.some((c) => c.path.startsWith("/profile-setup"))).toBe(false);

    await user.click(screen.getByRole("button", { name: "Sign Out" }));
    expect(await screen.findByText("Sign out failed")).toBeTruthy();
    expect(screen.getByText("Session store down")).toBeTruthy();
    refuse = false;
    await user.click(screen.getByRole("button", { name: "Sign Out" }));
    await waitFor(() => expect(calls.filter((c) => c.path === "/auth/sign-out")).toHaveLength(2));
  });
});
