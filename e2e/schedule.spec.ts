import { test as base, expect, type Page } from "@playwright/test";
import { expectAccessible } from "./support/accessibility.ts";
import { type Account, type BookingsWorld, startBookingsWorld } from "./support/bookings-world.ts";
import { fileWorld, WORLD_START_TIMEOUT_MS } from "./support/file-world.ts";

// Schedules: a creator adds weekly hours on the Availability Manager and sees them listed; a
// client's booking form then offers only those times (in the creator's zone).
base.describe.configure({ mode: "default" });
const world = fileWorld(startBookingsWorld);

const test = base.extend<{ world: BookingsWorld }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => use(await world()),
    { timeout: WORLD_START_TIMEOUT_MS },
  ],
});

/** Signs in through the dialog, which both screens open by themselves for a signed-out visitor. */
async function signIn(page: Page, account: Account) {
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByLabel("Password").fill(account.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog).toBeHidden();
}

/** The next Monday at least a week ahead, YYYY-MM-DD. */
function nextMonday(): string {
  const d = new Date(Date.now() + 7 * 86_400_000);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** With SCHEDULE_SCREENSHOTS=DIR, the page at desktop and phone size, for looking at it. */
async function screenshots(page: Page, name: string) {
  const dir = process.env.SCHEDULE_SCREENSHOTS;
  if (!dir) return;
  for (const [size, width, height] of [
    ["desktop", 1280, 900],
    ["phone", 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${dir}/${name}-${size}.png`, fullPage: true });
  }
}

test("a creator's weekly hours are the only times a client can book", async ({
  browser,
  world,
}) => {
  test.setTimeout(180_000);
  const creatorPage = await (await browser.newContext()).newPage();
  await creatorPage.goto(`${world.url}/availability`);
  await signIn(creatorPage, world.creator);
  await expect(creatorPage.getByText("No recurring schedule set up yet")).toBeVisible();
  await creatorPage.getByRole("button", { name: "Add Recurring Schedule" }).click();
  const dialog = creatorPage.getByRole("dialog", { name: "Add available times" });
  for (const day of ["Tue", "Wed", "Thu", "Fri"]) {
    await dialog.getByRole("button", { name: day }).click();
  }
  await dialog.getByLabel("Start").selectOption("09:00");
  await dialog.getByLabel("End").selectOption("11:00");
  await expectAccessible(creatorPage, "the add-times dialog");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(creatorPage.getByText("Every Monday, 9:00 AM - 11:00 AM")).toBeVisible();
  await expect(creatorPage.getByText("Recurring", { exact: true })).toBeVisible();
  await screenshots(creatorPage, "schedule");

  const clientPage = await (await browser.newContext()).newPage();
  await clientPage.goto(`${world.url}/bookings?creator=${world.creator.profileId}`);
  await signIn(clientPage, world.client);
  await clientPage.getByLabel("Date").fill(nextMonday());
  const start = clientPage.getByLabel("Start time");
  // Retried until Monday's answer has arrived: only Monday's hours, every quarter hour of them.
  await expect(start.locator("option")).toHaveText([
    "Select a time",
    "9:00 AM",
    "9:15 AM",
    "9:30 AM",
    "9:45 AM",
    "10:00 AM",
  ]);

  // The Tuesday after: nothing free, and the creator's nearest start (a Monday at nine, unless
  // the clock is within a day of one: the search looks a week ahead).
  const tuesday = new Date(`${nextMonday()}T12:00:00Z`);
  tuesday.setUTCDate(tuesday.getUTCDate() + 1);
  await clientPage.getByLabel("Date").fill(tuesday.toISOString().slice(0, 10));
  await expect(clientPage.getByRole("status").filter({ hasText: "No start times" })).toHaveText(
    /^No start times are free on this date\. (The nearest free time is Mon, \w+ \d+ at 9:00 AM\.Use that time|Nothing is free in the next 7 days either: try a later date\.)$/,
  );
  await expectAccessible(clientPage, "the booking form with no free time");
  await screenshots(clientPage, "no-free-time");
});
