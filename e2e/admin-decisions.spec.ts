import { createServer, type Server } from "node:net";
import { test as base, expect, type Page } from "@playwright/test";
import { createAdmin, createApplication, enrolTwoFactor } from "../server/db/factories.ts";
import { totpSecretToBase32 } from "../server/platform/totp.ts";
import { startTestApp, type TestApp } from "../server/test/test-app.ts";
import { enterCode } from "./support/staff-two-factor.ts";

// Approve and deny from the application's detail page. The app's SMTP server answers slowly
// and then refuses service, like a struggling mail host: each decision answers with a warning
// (the mail could not be sent), and meanwhile the live update has already shown the decided
// status and removed the Actions card that started the call. The success toast and every
// warning must show all the same.

const PASSWORD = "e2e-password-123";
const TOTP_SECRET = "e2e-admin-decisions!";

type World = { app: TestApp; adminEmail: string };

const test = base.extend<{ world: World }, { worldInstance: World }>({
  worldInstance: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const smtp = await slowRefusingSmtp();
      const { port } = smtp.address() as { port: number };
      const app = await startTestApp({ LOG_LEVEL: "silent", SMTP_URL: `smtp://127.0.0.1:${port}` });
      const admin = await createAdmin(app.database.db, { password: PASSWORD });
      await enrolTwoFactor(app.database.db, {
        userId: admin.id,
        totpSecret: TOTP_SECRET,
        authSecret: app.deps.config.authSecret,
      });
      await use({ app, adminEmail: admin.email });
      await app.close();
      await new Promise((resolve) => smtp.close(resolve));
    },
    { scope: "worker", timeout: 120_000 },
  ],
  world: async ({ worldInstance }, use) => use(worldInstance),
});

/** An SMTP server that greets every client after a second and a half with "554, no service". */
async function slowRefusingSmtp(): Promise<Server> {
  const server = createServer((socket) => {
    socket.on("error", () => {});
    setTimeout(() => socket.end("554 5.3.2 Service unavailable\r\n"), 1500);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
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
  return application;
}

test("approve from the detail page: the success toast and the mail warning both show", async ({
  page,
  world,
}) => {
  const application = await openPendingApplication(page, world, "Approve");
  await page.getByRole("button", { name: "Approve" }).click();

  await expect(page.getByText("Application approved successfully!")).toBeVisible();
  await expect(
    page.getByText(
      `The application was approved, but the email to ${application.email} could not be sent.`,
    ),
  ).toBeVisible();
  await expect(page.getByText("Approved", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Actions" })).toHaveCount(0);
});

test("deny from the detail page with a reason: the success toast and the mail warning both show", async ({
  page,
  world,
}) => {
  const application = await openPendingApplication(page, world, "Deny");
  await page.getByLabel("Denial reason (optional)").fill("Please show more recent work.");
  await page.getByRole("button", { name: "Deny" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("This action cannot be undone.", { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "Deny" }).click();

  await expect(page.getByText("Application denied successfully!")).toBeVisible();
  await expect(
    page.getByText(
      `The application was denied, but the email to ${application.email} could not be sent.`,
    ),
  ).toBeVisible();
  await expect(page.getByText("Denied", { exact: true })).toBeVisible();
  await expect(page.getByText("Please show more recent work.")).toBeVisible();
});
