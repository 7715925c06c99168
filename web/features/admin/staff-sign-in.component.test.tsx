import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import AdminForgot from "../../routes/admin-forgot.tsx";
import AdminLogin from "../../routes/admin-login.tsx";
import AdminReset from "../../routes/admin-reset.tsx";
import { adminMe } from "../../test/admin-fixtures.tsx";
import { signedInSession } from "../../test/booking-fixtures.tsx";
import { type ApiCall, apiFailure, fakeApi } from "../../test/fake-api.ts";
import { reachAuthClient, resetScreen, screenAt } from "../../test/screen-fixtures.tsx";

// Staff sign-in (decision 015): the password, then the authenticator's code or a recovery code,
// or, the first time, enrolment; and the staff password reset. Through the real Better Auth
// client, only fetch faked.

vi.setConfig({ testTimeout: 20_000 });

afterEach(resetScreen);

const authFailure = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ code, message }), {
    status,
    headers: { "Content-Type": "application/json" },
  });

const signedIn = { token: "t", user: signedInSession.user };

/**
 * The staff sign-in screen for a visitor; `respond` answers first. Once a sign-in step
 * succeeds the session exists; /admin/me answers `staff` (a Response to refuse).
 */
function showLogin(
  respond: (call: ApiCall) => unknown,
  staff: () => unknown = () => adminMe,
  path = "/admin/login",
) {
  let session = false;
  const calls = fakeApi((call) => {
    const answer = respond(call);
    if (answer !== undefined) {
      if (!(answer instanceof Response) && (answer as { token?: string }).token) session = true;
      return answer;
    }
    if (call.path === "/auth/get-session") return session ? signedInSession : null;
    if (call.path === "/admin/me") return staff();
    return authFailure(404, "NOT_FOUND", "Not found");
  });
  reachAuthClient();
  render(screenAt(<AdminLogin />, { route: "/admin/login", path }).wrapper);
  return { calls, user: userEvent.setup() };
}

async function enterPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/Email/), "sam@shutterhail.test");
  await user.type(screen.getByLabelText("Password"), "staff password");
  await user.click(screen.getByRole("button", { name: "Sign In" }));
}

const sent = (calls: ApiCall[], suffix: string) => calls.filter((c) => c.path.endsWith(suffix));

describe("staff sign-in", () => {
  it("asks for the app's code after the password; a wrong one says so; a recovery code gets in", async () => {
    const { calls, user } = showLogin((call) => {
      if (call.path === "/auth/sign-in/email") return { twoFactorRedirect: true };
      if (call.path.endsWith("/verify-totp"))
        return authFailure(401, "INVALID_CODE", "Invalid code");
      if (call.path.endsWith("/verify-backup-code")) return signedIn;
      return undefined;
    });
    expect(await screen.findByRole("heading", { name: "Admin Sign In" })).toBeTruthy();
    await enterPassword(user);
    expect(await screen.findByRole("heading", { name: "Two-Factor Sign In" })).toBeTruthy();
    await user.type(screen.getByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid code");

    await user.click(screen.getByRole("button", { name: "Use a recovery code instead" }));
    await user.type(screen.getByLabelText("Recovery code"), "abcde fghij");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("At /admin")).toBeTruthy();
    expect(sent(calls, "/sign-in/email")[0]?.body).toEqual({
      email: "sam@shutterhail.test",
      password: "staff password",
    });
    expect(sent(calls, "/verify-totp")[0]?.body).toMatchObject({ code: "123456" });
    // Spaces people paste are dropped.
    expect(sent(calls, "/verify-backup-code")[0]?.body).toMatchObject({ code: "abcdefghij" });
  });

  it("an account without staff access is told so after its password", async () => {
    const { user } = showLogin(
      (call) => (call.path === "/auth/sign-in/email" ? signedIn : undefined),
      () => apiFailure(403, "forbidden", "Staff only"),
    );
    await enterPassword(user);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This account does not have admin access.",
    );
    expect(screen.getByRole("heading", { name: "Admin Sign In" })).toBeTruthy();
  });

  it("the first time: enrols in two-factor sign-in, shows the recovery codes once, then enters", async () => {
    let enrolled = false;
    const { calls, user } = showLogin(
      (call) => {
        if (call.path === "/auth/sign-in/email") return signedIn;
        if (call.path.endsWith("/two-factor/enable"))
          return {
            totpURI: "otpauth://totp/ShutterHail:sam?secret=JBSWY3DPEHPK3PXP&issuer=ShutterHail",
            backupCodes: ["aaaaa-11111", "bbbbb-22222"],
          };
        if (call.path.endsWith("/verify-totp")) {
          enrolled = true;
          return signedIn;
        }
        return undefined;
      },
      () => (enrolled ? adminMe : apiFailure(403, "enrolment_required", "Enrol first")),
    );
    await enterPassword(user);
    expect(await screen.findByRole("heading", { name: "Set Up Two-Factor Sign In" })).toBeTruthy();
    expect((await screen.findByTestId("setup-key")).textContent).toBe("JBSW Y3DP EHPK 3PXP");
    expect(sent(calls, "/two-factor/enable")[0]?.body).toMatchObject({
      password: "staff password",
    });
    await user.type(screen.getByLabelText("Authentication code"), "654321");
    await user.click(screen.getByRole("button", { name: "Turn on two-factor sign-in" }));
    expect(
      await screen.findByText("Two-factor sign-in is on for sam@shutterhail.test."),
    ).toBeTruthy();
    expect(
      within(screen.getByRole("list", { name: "Recovery codes" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["aaaaa-11111", "bbbbb-22222"]);
    await user.click(screen.getByRole("button", { name: "I saved my codes, continue" }));
    expect(await screen.findByText("At /admin")).toBeTruthy();
  });

  it("staff already signed in go straight to the dashboard", async () => {
    showLogin((call) => (call.path === "/auth/get-session" ? signedInSession : undefined));
    expect(await screen.findByText("At /admin")).toBeTruthy();
  });
});

describe("the staff password reset", () => {
  it("sends the reset link to the address given", async () => {
    const calls = fakeApi((call) =>
      call.path === "/auth/request-password-reset" ? { status: true } : null,
    );
    reachAuthClient();
    render(screenAt(<AdminForgot />, { route: "/admin/forgot" }).wrapper);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), "sam@shutterhail.test");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText(/a reset link is on its way/)).toBeTruthy();
    expect(sent(calls, "/request-password-reset")[0]?.body).toMatchObject({
      email: "sam@shutterhail.test",
      redirectTo: "/admin/reset",
    });
  });

  it("a link without a token asks for a new one; the passwords must match; then it is set", async () => {
    fakeApi(() => null);
    render(screenAt(<AdminReset />, { route: "/admin/reset" }).wrapper);
    expect(screen.getByRole("alert").textContent).toContain("This link is invalid or has expired.");
    expect(screen.getByRole("link", { name: "Request a new link" }).getAttribute("href")).toBe(
      "/admin/forgot",
    );
    expect(screen.queryByLabelText("New password")).toBeNull();
    resetScreen();

    const calls = fakeApi((call) =>
      call.path === "/auth/reset-password" ? { status: true } : null,
    );
    reachAuthClient();
    render(
      screenAt(<AdminReset />, { route: "/admin/reset", path: "/admin/reset?token=tok-1" }).wrapper,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password"), "a new password");
    await user.type(screen.getByLabelText("Confirm new password"), "another password");
    await user.click(screen.getByRole("button", { name: "Set Password" }));
    expect(screen.getByRole("alert").textContent).toContain("The two passwords do not match.");
    expect(calls).toEqual([]);

    await user.clear(screen.getByLabelText("Confirm new password"));
    await user.type(screen.getByLabelText("Confirm new password"), "a new password");
    await user.click(screen.getByRole("button", { name: "Set Password" }));
    expect(await screen.findByRole("heading", { name: "Password updated" })).toBeTruthy();
    await waitFor(() =>
      expect(sent(calls, "/reset-password")[0]?.body).toMatchObject({
        newPassword: "a new password",
        token: "tok-1",
      }),
    );
  });
});
