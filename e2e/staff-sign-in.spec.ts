import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { E2E_PASSWORD, linkIn, readMail, signedInClient, uniqueEmail } from "./support/mail.ts";
import { enrolOnScreen, enterCode } from "./support/staff-two-factor.ts";

// Staff sign-in: a new admin's password by mail and two-factor enrolment, and who is kept out.
// Staff work at desks, so this runs in the desktop project only (playwright.config.ts); the
// staff sign-in screen's heading and accessibility at phone size are navigation.spec's.

const PORT = Number(process.env.E2E_PORT ?? 4173);
const PASSWORD = E2E_PASSWORD;
const run = promisify(execFile);

test("a new admin sets a password by mail, enrols in two-factor sign-in, signs in with a code and signs out", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(`admin-${testInfo.project.name}`);
  // The app holds the embedded database, so admin:create asks the running app.
  const { stdout } = await run(
    process.execPath,
    ["dist/server/cli/admin-create.js", "--email", email],
    {
      env: { ...process.env, DATA_DIR: `.test-data/e2e-${PORT}`, PORT: String(PORT) },
    },
  );
  expect(stdout).toContain(`${email} now has staff access as super_admin`);

  const main = page.locator("#main");
  await page.goto("/admin/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/admin\/forgot$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText(/a reset link is on its way/)).toBeVisible();

  const link = linkIn(await readMail(page.request, email, "Reset your ShutterHail password"));
  expect(link).toMatch(/^\/admin\/reset\?token=/);
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm new password").fill(PASSWORD);
  await page.getByRole("button", { name: "Set Password" }).click();
  await page.getByRole("link", { name: "Sign In" }).click();

  // The link works once.
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("another password");
  await page.getByLabel("Confirm new password").fill("another password");
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page.getByRole("alert")).toContainText("invalid or has expired");

  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("wrong password 1");
  await main.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await page.getByLabel("Password").fill(PASSWORD);
  await main.getByRole("button", { name: "Sign In" }).click();
  // Staff without two-factor sign-in set it up before any admin screen opens.
  const key = await enrolOnScreen(page);
  await expect(page).toHaveURL(/\/admin$/);
  await main.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // From now on the password alone is not enough.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await main.getByRole("button", { name: "Sign In" }).click();
  await main.getByLabel("Authentication code").fill("000000");
  await main.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right");
  expect((await page.request.get("/api/admin/me")).status()).toBe(401);
  await enterCode(page, key);

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Welcome back, SUPER ADMIN" })).toBeVisible();
  await expect(page.getByText("Super Admin", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Notifications" }).click();
  await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  // Other journeys running beside this one may add notifications: the menu shows the newest, or
  // the empty state when there are none.
  const { items } = await (await page.request.get("/api/admin/notifications")).json();
  await expect(page.getByText(items[0]?.title ?? "No notifications yet").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Welcome back, SUPER ADMIN" })).toBeVisible();

  await main.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("a client trying the admin screens lands on /admin/login and stays there", async ({
  page,
}) => {
  const email = await signedInClient(page.request);
  const main = page.locator("#main");
  for (const path of ["/admin", "/admin/applications", "/admin/applications/some-id"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("alert")).toContainText("does not have admin access");
  }
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await main.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("This account does not have admin access.");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("a visitor trying /admin lands on /admin/login", async ({ page }) => {
  await page.goto("/admin/applications");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole("heading", { name: "Admin Sign In" })).toBeVisible();
});
