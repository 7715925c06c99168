import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/accessibility.ts";
import { PHONE } from "./support/devices.ts";
import {
  type Account,
  CLIENT_ADDRESS,
  CLIENT_POSITION,
  type HailWorld,
  startHailWorld,
} from "./support/hail-world.ts";

// The hail journey over its own app and database: a signed-out visitor taps 'Hail a creator'
// on the home page and signs in; the dialog prices the hail from the two creators online
// nearby; 'Hail now' opens the sandbox provider's approval in a new tab; once approved, both
// creators' browsers show the hail; one accepts, the other sees 'Taken'; the client sees who is
// coming and opens the confirmed booking.
//
// One world per file (per worker: the desktop and phone projects each start their own), opened
// before the first test and closed after the last. The creators use their desks in both
// projects, so the phone pass (the client on a phone) brings only the creator who accepts: the
// second creator's card and its 'Taken' are the desktop pass's, where they look the same.
test.describe.configure({ mode: "serial" });

let world: HailWorld;
test.beforeAll(async () => {
  test.setTimeout(300_000);
  world = await startHailWorld();
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await world?.app.close();
});

/** Signs in through the dialog the page has open ('Welcome Back'). */
async function signInInDialog(page: Page, account: Account) {
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByLabel("Password").fill(account.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog).toBeHidden();
}

/** A creator's own browser, signed in, on their bookings page (any page shows hails). */
async function creatorBrowser(browser: Browser, account: Account) {
  const context = await browser.newContext({ baseURL: world.url });
  const page = await context.newPage();
  await page.goto(`${world.url}/bookings`);
  await page.getByRole("button", { name: "Sign in to continue" }).first().click();
  await signInInDialog(page, account);
  await expect(page.getByRole("heading", { name: "My Bookings" })).toBeVisible();
  return { context, page };
}

/** The other creator's card turns to 'Taken' with no Accept left, then goes. */
async function expectTaken(page: Page) {
  const incoming = page.getByRole("region", { name: "Incoming hails" });
  await expect(incoming.getByRole("article", { name: /^Taken/ })).toBeVisible();
  await expect(incoming.getByRole("article").getByRole("button", { name: "Accept" })).toHaveCount(
    0,
  );
  await expect(incoming).toHaveCount(0, { timeout: 15_000 });
}

test("a client hails, two creators see it, the first to accept is booked and the other sees 'Taken'", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const phone = testInfo.project.name === "phone";
  const clientContext = await browser.newContext({
    baseURL: world.url,
    geolocation: CLIENT_POSITION,
    permissions: ["geolocation"],
    ...(phone ? PHONE : {}),
  });
  const page = await clientContext.newPage();
  const nora = await creatorBrowser(browser, world.nora);
  const omar = phone ? undefined : await creatorBrowser(browser, world.omar);

  // Signed out, the button asks to sign in first.
  await page.goto(`${world.url}/`);
  await page.getByRole("button", { name: "Hail a creator" }).click();
  await signInInDialog(page, world.client);
  await page.getByRole("button", { name: "Hail a creator" }).click();
  const dialog = page.getByRole("dialog", { name: "Hail a creator" });
  await expect(dialog).toBeVisible();

  // The price up front, once the place is known.
  await world.bringOnline();
  await dialog.getByRole("radio", { name: "Photography" }).check({ force: true });
  await dialog.getByLabel("Hours").selectOption("2");
  await dialog.getByLabel("Address").fill(CLIENT_ADDRESS);
  await dialog.getByRole("button", { name: "Use my location" }).click();
  await expect(dialog.getByText("Using your current location")).toBeVisible();
  const price = dialog.getByRole("region", { name: "Price" });
  await expect(price.getByText("2 creators online nearby")).toBeVisible();
  // $120/h and $150/h for 2 hours, each with the 5% service fee; the deposit is 30%.
  await expect(price).toContainText("$252.00 – $315.00 total");
  await expect(price).toContainText("Deposit $72.00 – $90.00");
  await expect(price).toContainText("Only the price of the creator who accepts is charged");
  await expectAccessible(page, "the hail dialog with its price");

  // 'Hail now': the provider's approval opens in a new tab; the first tab follows the hail.
  const popup = page.context().waitForEvent("page");
  await dialog.getByRole("button", { name: "Hail now" }).click();
  const checkout = await popup;
  // Creating the provider's order can take a while on a busy machine.
  await expect(page).toHaveURL(/\/hail\/[0-9a-f-]{36}$/, { timeout: 45_000 });
  await expect(page.getByText("Proceed to PayPal")).toBeVisible();
  const hailId = page.url().split("/").pop() ?? "";
  await expect(page.getByText("Approve the hold in the PayPal tab")).toBeVisible();
  await expect(checkout).toHaveURL(/\/sandbox\/checkout\//);
  await checkout.getByRole("button", { name: "Approve" }).click();
  await expect(checkout).toHaveURL(new RegExp(`/hail\\?hail=${hailId}&payment=approved`));
  await expect(checkout.getByRole("heading", { name: "Your hail" })).toBeVisible();
  await checkout.close();

  // Live: the countdown and the creators it reaches, without a reload.
  await expect(page.getByText("Hailing creators near you")).toBeVisible();
  await expect(page.getByText("Reaching 2 creators")).toBeVisible();
  await expectAccessible(page, "the live hail");

  // The creators' browsers show it, each with their own pay.
  const noraCard = nora.page.getByRole("region", { name: "Incoming hails" }).getByRole("article");
  // What each nets at their tier (Starter, 20 %): $300 and $240 sessions.
  await expect(noraCard.getByText("You earn $240.00")).toBeVisible();
  if (omar) {
    const omarCard = omar.page.getByRole("region", { name: "Incoming hails" }).getByRole("article");
    await expect(omarCard.getByText("You earn $192.00")).toBeVisible();
    await expect(noraCard.getByText("after 20% commission")).toBeVisible();
    await expect(noraCard.getByText("Photography · 2 hours")).toBeVisible();
    await expect(noraCard.getByText("As soon as possible")).toBeVisible();
    await expectAccessible(nora.page, "a creator's incoming hail");
  }

  // Nora accepts first; Omar's card turns to 'Taken' at once, then goes.
  // (Omar hears it from the accept's own transaction, before Nora's answer, which also waits
  // for the deposit's capture, arrives.)
  await noraCard.getByRole("button", { name: "Accept" }).click();
  if (omar) await expectTaken(omar.page);
  await expect(noraCard.getByText("Booked!")).toBeVisible();
  const bookingLink = noraCard.getByRole("link", { name: "View booking" });
  const bookingHref = (await bookingLink.getAttribute("href")) ?? "";
  expect(bookingHref).toMatch(/^\/bookings\/[0-9a-f-]{36}$/);

  // The client sees who is coming and opens the confirmed booking.
  await expect(page.getByText("A creator accepted!")).toBeVisible();
  await expect(page.getByText("Nora Frame")).toBeVisible();
  await expect(page.getByText(/about \d+ min away/)).toBeVisible();
  await expect(page.getByText("$315.00", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "View booking" }).click();
  await expect(page).toHaveURL(new RegExp(`${bookingHref}$`));
  await expect(page.getByText("Confirmed", { exact: true }).first()).toBeVisible();

  await nora.context.close();
  await omar?.context.close();
  await clientContext.close();
});
