import { readFileSync } from "node:fs";
import { test as base, expect } from "@playwright/test";
import { totpSecretToBase32 } from "../server/platform/totp.ts";
import { expectAccessible } from "./support/accessibility.ts";
import { fileWorld, WORLD_START_TIMEOUT_MS } from "./support/file-world.ts";
import {
  PASSWORD,
  type PayoutsWorld,
  startPayoutsWorld,
  TOTP_SECRET,
} from "./support/payouts-world.ts";
import { enterCode } from "./support/staff-two-factor.ts";

// Earnings and payouts: a creator sees their tier, balance and a payout on /earnings and
// downloads the CSV; staff mark a direct-deposit payout sent on /admin/payouts.
base.describe.configure({ mode: "default" });
const world = fileWorld(startPayoutsWorld);

const test = base.extend<{ world: PayoutsWorld }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => use(await world()),
    { timeout: WORLD_START_TIMEOUT_MS },
  ],
});

test("a creator sees their tier, balance and payouts, and downloads the CSV", async ({
  page,
  world,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${world.app.url}/earnings`);
  await expect(page.getByRole("heading", { level: 1, name: "Earnings" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in to continue" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Welcome Back" })).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByLabel("Email").fill(world.creator.email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId("tier-name")).toHaveText("Starter · 20% commission");
  // One booking paid out, one waiting for the client to accept the photos: $160.00 net.
  await expect(page.getByTestId("balance")).toHaveText("$160.00");
  await expect(page.getByText("After the client accepts your photos")).toBeVisible();
  const payouts = page.getByRole("list", { name: "Payouts" });
  await expect(payouts.getByRole("listitem")).toHaveCount(1);
  await expect(payouts).toContainText("$160.00");
  await expect(payouts).toContainText("Paid");
  await expectAccessible(page, "earnings");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("shutterhail-earnings.csv");
  const csv = readFileSync((await download.path()) ?? "", "utf8")
    .trim()
    .split("\r\n");
  expect(csv[0]).toBe("date,kind,booking,description,amount_usd");
  expect(csv.map((r) => r.split(",").at(-1))).toContain("-160.00");
});

test("staff mark a direct-deposit payout sent", async ({ page, world }) => {
  test.setTimeout(120_000);
  await page.goto(`${world.app.url}/admin/login`);
  const main = page.locator("#main");
  await main.getByLabel("Email").fill(world.adminEmail);
  await main.getByLabel("Password").fill(PASSWORD);
  await main.getByRole("button", { name: "Sign In" }).click();
  await enterCode(page, totpSecretToBase32(TOTP_SECRET));
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto(`${world.app.url}/admin/payouts`);
  // The screen's code loads on first visit: slow on a busy machine.
  await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible({
    timeout: 30_000,
  });
  const queued = main.getByRole("listitem").filter({ hasText: world.manualCreatorName });
  await expect(queued).toContainText("Account ending 4821");
  await expect(queued).toContainText("$160.00");
  await queued.getByRole("button", { name: "Mark sent" }).click();
  await expect(page.getByText("Payout marked as sent")).toBeVisible();
  await expect(page.getByText("No payouts waiting to be sent.")).toBeVisible();

  await page.getByRole("tab", { name: "Recent" }).click();
  await expect(
    main.getByRole("listitem").filter({ hasText: world.manualCreatorName }),
  ).toContainText("sent");
  await page.getByRole("tab", { name: "Tiers" }).click();
  await expect(main.getByRole("listitem").filter({ hasText: "Sofia Martinez" })).toContainText(
    "Starter",
  );
});
