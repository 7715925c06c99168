import { test as base, expect, type Page } from "@playwright/test";
import { expectAccessible } from "./support/accessibility.ts";
import { type Account, type BookingsWorld, startBookingsWorld } from "./support/bookings-world.ts";
import { fileWorld, WORLD_START_TIMEOUT_MS } from "./support/file-world.ts";

// The booking journey over its own app and database: a client books from a profile and
// approves the deposit on the sandbox provider's page in a new tab; the creator accepts in a
// second browser; both see it confirmed, live. A pending booking is cancelled with its refund.
base.describe.configure({ mode: "default" });
const world = fileWorld(startBookingsWorld);

const test = base.extend<{ world: BookingsWorld }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => use(await world()),
    { timeout: WORLD_START_TIMEOUT_MS },
  ],
});

/** A date `days` ahead, YYYY-MM-DD (far enough that the creator's zone does not matter). */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * Signs in through the dialog: `prompt` says whether the page opens it by itself (a creator
 * to book) or the visitor opens it with "Sign in to continue".
 */
async function signIn(page: Page, account: Account, prompt: "opens" | "click") {
  const dialog = page.getByRole("dialog");
  if (prompt === "click") {
    await page.getByRole("button", { name: "Sign in to continue" }).first().click();
  }
  await expect(dialog.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByLabel("Password").fill(account.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Fills the booking form and submits it; approves the deposit on the sandbox checkout page that
 * opens in a new tab. Returns the booking's id (the first tab shows the booking).
 */
async function bookAndApprove(page: Page, date: string, startTime: string) {
  await page.getByLabel("Date").fill(date);
  await page.getByLabel("Start time").selectOption(startTime);
  await page.getByLabel("Hours").fill("3");
  await page.getByLabel("Full address").fill("350 5th Ave, New York, NY 10118");
  await page.getByLabel("Notes").fill("Rooftop portraits at golden hour");
  const price = page.getByLabel("Price");
  await expect(price).toContainText("$450.00");
  await expect(price).toContainText("$22.50");
  await expect(price).toContainText("$472.50");
  await expect(price).toContainText("$135.00");
  await expect(price).toContainText("$337.50");

  const popup = page.context().waitForEvent("page");
  await page.getByRole("button", { name: "Request & Pay Deposit" }).click();
  const checkout = await popup;
  await expect(page.getByText("Proceed to PayPal")).toBeVisible();
  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").pop() ?? "";
  await expect(page.getByText("Pending payment").first()).toBeVisible();

  await expect(checkout).toHaveURL(/\/sandbox\/checkout\//);
  await expect(checkout.getByLabel("Test outcome")).toBeVisible();
  await checkout.getByRole("button", { name: "Approve" }).click();
  // The provider returns to the booking with the outcome.
  await expect(checkout).toHaveURL(new RegExp(`/bookings/${id}\\?payment=approved`));
  await expect(
    checkout.getByText("Payment approved — your request is with the creator"),
  ).toBeVisible();
  await checkout.close();
  return id;
}

test("book from a profile, approve the deposit in a new tab, the creator accepts, both see it confirmed", async ({
  page,
  browser,
  world,
}, testInfo) => {
  test.setTimeout(180_000);
  // Each project books its own day: the two share one app per worker.
  const date = daysAhead(testInfo.project.name === "phone" ? 24 : 17);

  await page.goto(`${world.url}/p/${world.creator.profileId}`);
  await page.getByRole("link", { name: "Book Now" }).click();
  await expect(page).toHaveURL(`${world.url}/bookings?creator=${world.creator.profileId}`);
  // Signed out with a creator to book: the sign-in prompt opens by itself.
  await expect(
    page.getByRole("dialog").getByRole("heading", { name: "Welcome Back" }),
  ).toBeVisible();
  await signIn(page, world.client, "opens");
  await expect(page.getByRole("heading", { name: "New Booking" })).toBeVisible();
  await expect(page.getByText("Nora Frame").first()).toBeVisible();
  await expect(page.getByText("Times are in New York time (America/New_York)")).toBeVisible();

  // Missing fields are named before anything is sent.
  await page.getByRole("button", { name: "Request & Pay Deposit" }).click();
  await expect(page.getByText("Missing info")).toBeVisible();
  await expect(page.getByLabel("Date *")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, "booking form with its missing fields marked");

  const id = await bookAndApprove(page, date, "10:00");
  // The first tab follows the payment live: the request is now with the creator.
  await expect(page.getByText("Pending", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Deposit paid: $135.00")).toBeVisible();

  // The same time is no longer offered.
  await page.goto(`${world.url}/bookings?creator=${world.creator.profileId}`);
  await page.getByLabel("Date").fill(date);
  await expect(page.getByLabel("Start time").locator('option[value="10:00"]')).toHaveCount(0);
  await expect(page.getByLabel("Start time").locator('option[value="14:00"]')).toHaveCount(1);

  // The creator, in a second browser, sees the request (with the live badge) and accepts it.
  const creatorContext = await browser.newContext({ baseURL: world.url });
  const creator = await creatorContext.newPage();
  await creator.goto(`${world.url}/bookings`);
  await signIn(creator, world.creator, "click");
  const request = creator
    .getByRole("region", { name: /Requests/ })
    .getByRole("listitem")
    .filter({ has: creator.locator(`a[href="/bookings/${id}"]`) });
  await expect(request.getByText("Cleo Client")).toBeVisible();
  await expect(request.getByText(/Answer within \d+ h/)).toBeVisible();
  await expect(creator.getByText(/open requests?/).first()).toBeAttached();
  await expectAccessible(creator, "the creator's My Bookings");
  await request.getByRole("button", { name: "Accept" }).click();
  await expect(creator.getByText("Booking accepted")).toBeVisible();
  await creator.goto(`${world.url}/bookings/${id}`);
  await expect(creator.getByText("Confirmed", { exact: true }).first()).toBeVisible();

  // The client's booking page turns Confirmed without a reload.
  await page.goto(`${world.url}/bookings/${id}`);
  await expect(page.getByText("Confirmed", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Remaining balance of \$337\.50: approve it from/)).toBeVisible();
  await expectAccessible(page, "booking details");
  await page.goto(`${world.url}/bookings`);
  const card = page
    .getByRole("tabpanel")
    .getByRole("listitem")
    .filter({ has: page.locator(`a[href="/bookings/${id}"]`) });
  await expect(card.getByText("Confirmed", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Cancel" })).toHaveCount(0);
  await creatorContext.close();
});

test("the client cancels a pending booking and sees the refund", async ({
  page,
  world,
}, testInfo) => {
  test.setTimeout(120_000);
  const date = daysAhead(testInfo.project.name === "phone" ? 26 : 19);
  await page.goto(`${world.url}/bookings?creator=${world.creator.profileId}`);
  await signIn(page, world.client, "opens");
  const id = await bookAndApprove(page, date, "15:30");
  await expect(page.getByText("Pending", { exact: true }).first()).toBeVisible();

  // From My Bookings: the pending card offers Cancel, which shows the policy first.
  await page.goto(`${world.url}/bookings`);
  const card = page
    .getByRole("listitem")
    .filter({ has: page.locator(`a[href="/bookings/${id}"]`) });
  await card.getByRole("button", { name: "Cancel" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Cancel this booking?" })).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Cancellation policy" })).toBeVisible();
  await expect(dialog.getByText("Cancelling now refunds $135.00.")).toBeVisible();
  await expectAccessible(page, "the cancel dialog");
  await dialog.getByLabel("Reason (optional)").fill("Plans changed");
  await dialog.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByText("Booking cancelled")).toBeVisible();
  await expect(page.getByText("$135.00 will be refunded to you.")).toBeVisible();

  await page.goto(`${world.url}/bookings/${id}`);
  await expect(page.getByText("Cancelled", { exact: true }).first()).toBeVisible();
  // The provider's refund may be made by a job: the page shows it live when it lands.
  await expect(page.getByText("Refunded: $135.00")).toBeVisible({ timeout: 30_000 });
});
