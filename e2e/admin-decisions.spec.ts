import { test as base, expect, type Page } from "@playwright/test";
import { createAdmin, createApplication, enrolTwoFactor } from "../server/db/factories.ts";
import { totpSecretToBase32 } from "../server/platform/totp.ts";
import { startTestApp, type TestApp } from "../server/test/test-app.ts";
import { fileWorld, WORLD_START_TIMEOUT_MS } from "./support/file-world.ts";
import { enterCode } from "./support/staff-two-factor.ts";

// Approve and deny from the application's detail page over a slow network: the decision's
// answer arrives late (held back below), and meanwhile the live update has already shown the
// decided status and removed the Actions card that started the call. The success toast and
// every warning the answer carries must show all the same. Mail is queued (a decision never
// waits for SMTP), so the server sends no mail warning today; the held-back answer carries one
// the contract allows, to prove warnings survive the unmount too.

const PASSWORD = "e2e-password-123";
const TOTP_SECRET = "e2e-admin-decisions!";

type World = { app: TestApp; adminEmail: string };

async function startWorld(): Promise<World> {
  const app = await startTestApp({ LOG_LEVEL: "silent" });
  const admin = await createAdmin(app.database.db, { password: PASSWORD });
  await enrolTwoFactor(app.database.db, {
    userId: admin.id,
    totpSecret: TOTP_SECRET,
    authSecret: app.deps.config.authSecret,
  });
  return { app, adminEmail: admin.email };
}

base.describe.configure({ mode: "default" });
const world = fileWorld(startWorld);

const test = base.extend<{ world: World }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => use(await world()),
    { timeout: WORLD_START_TIMEOUT_MS },
  ],
});

/**
 * Holds the decision's answer back until the live update has removed the Actions card, and adds
 * `warning` to it.
 */
async function slowDecisionAnswer(page: Page, action: "approve" | "deny", warning: string) {
  await page.route(`**/api/admin/applications/*/${action}`, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await expect(page.getByRole("heading", { name: "Actions" })).toHaveCount(0);
    await route.fulfill({ response, json: { ...body, warnings: [warning] } });
  });
}

/** A new pending application, opened on its detail page by a signed-in staff member. */
async function openPendingApplication(page: Page, world: World, label: string) {
  const application = await createApplication(world.app.database.db, {
    full_name: `${label} ${Math.random().toString(36).slice(2, 7)}`,
  });
  await page.goto(`${world.app.url}/admin/login`);
  const main = page.locator("#main");
  await main.getByLabel("Email").fill(world.adminEmail);
  await main.getByLabel("Password").fill(PASSWORD);
  await main.getByRole("button", { name: "Sign In" }).click();
  await enterCode(page, totpSecretToBase32(TOTP_SECRET));
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`${world.app.url}/admin/applications/${application.id}`);
  await expect(page.getByRole("heading", { name: application.full_name })).toBeVisible();
  // Opening it (an explicit POST the screen sends, never the GET) puts it under review.
  await expect(page.getByText("Under Review", { exact: true })).toBeVisible();
  return application;
}

test("approve from the detail page: the success toast and the warning both show", async ({
  page,
  world,
}) => {
  await openPendingApplication(page, world, "Approve");
  await slowDecisionAnswer(page, "approve", "Approve warning from a slow answer.");
  await page.getByRole("button", { name: "Approve" }).click();

  await expect(page.getByText("Application approved successfully!")).toBeVisible();
  await expect(page.getByText("Approve warning from a slow answer.")).toBeVisible();
  await expect(page.getByText("Approved", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Actions" })).toHaveCount(0);
});

test("deny from the detail page with a reason: the success toast and the warning both show", async ({
  page,
  world,
}) => {
  await openPendingApplication(page, world, "Deny");
  await slowDecisionAnswer(page, "deny", "Deny warning from a slow answer.");
  await page.getByLabel("Denial reason (optional)").fill("Please show more recent work.");
  await page.getByRole("button", { name: "Deny" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("This action cannot be undone.", { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "Deny" }).click();

  await expect(page.getByText("Application denied successfully!")).toBeVisible();
  await expect(page.getByText("Deny warning from a slow answer.")).toBeVisible();
  await expect(page.getByText("Denied", { exact: true })).toBeVisible();
  await expect(page.getByText("Please show more recent work.")).toBeVisible();
});
