import { test as base, expect, type Page } from "@playwright/test";
import { expectAccessible } from "./support/accessibility.ts";
import { daysAhead, requestPaidBooking, signInInDialog } from "./support/booking-request.ts";
import { type BookingsWorld, startBookingsWorld } from "./support/bookings-world.ts";
import { fileWorld, WORLD_START_TIMEOUT_MS } from "./support/file-world.ts";

// The notification centre over its own app and database: a client's booking request is accepted
// by the creator in another browser; the client's bell counts it live, without a reload, and
// the notification opens the booking. Desktop: the header's bell and its dropdown; phone: the
// phone header's bell links to the /notifications page.
base.describe.configure({ mode: "default" });
const world = fileWorld(startBookingsWorld);

const test = base.extend<{ world: BookingsWorld }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => use(await world()),
    { timeout: WORLD_START_TIMEOUT_MS },
  ],
});

const SHOTS = "screenshots";
// Full-page screenshots draw fixed bars where the viewport was: leave the tab bar out.
const NO_TAB_BAR = 'nav[aria-label="Tabs"] { visibility: hidden; }';

/** The header's bell (desktop: a button opening the dropdown; phone: a link). */
const bell = (page: Page) =>
  page.getByRole("banner").getByRole(page.viewportSize()!.width < 768 ? "link" : "button", {
    name: /^Notifications/,
  });

/** Everything read, so the count that follows is only what happens next. */
async function markAllRead(page: Page, url: string) {
  await page.goto(`${url}/notifications`);
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  const markAll = page.getByRole("button", { name: "Mark all as read" });
  await expect(page.getByText("You're all caught up").or(markAll)).toBeVisible();
  if ((await markAll.count()) && (await markAll.isEnabled())) await markAll.click();
  await expect(bell(page)).toHaveAccessibleName("Notifications");
}

test("a booking acceptance appears live in the client's notification centre and opens the booking", async ({
  page,
  browser,
  world,
}, testInfo) => {
  test.setTimeout(240_000);
  const phone = testInfo.project.name === "phone";
  const date = daysAhead(phone ? 31 : 29);

  await page.goto(`${world.url}/bookings?creator=${world.creator.profileId}`);
  await signInInDialog(page, world.client);
  const id = await requestPaidBooking(page, date, "10:00");
  await markAllRead(page, world.url);
  await page.goto(`${world.url}/`);
  await expect(bell(page)).toHaveAccessibleName("Notifications");

  // The creator, in a second browser, is told of the request and accepts it.
  const creatorContext = await browser.newContext({ baseURL: world.url });
  const creator = await creatorContext.newPage();
  await creator.goto(`${world.url}/notifications`);
  await creator.getByRole("button", { name: "Sign in to continue" }).first().click();
  await signInInDialog(creator, world.creator);
  await expect(creator.locator(`main a[href="/bookings/${id}"]`).first()).toBeVisible();
  await creator.goto(`${world.url}/bookings/${id}`);
  await creator.getByRole("button", { name: "Accept" }).click();
  await expect(creator.getByText("Booking accepted").first()).toBeVisible();
  await creatorContext.close();

  // The client's bell counts it without a reload.
  await expect(bell(page)).toHaveAccessibleName("Notifications (1 unread)");
  await expect(bell(page).getByTestId("notification-count")).toHaveText("1");

  let item: ReturnType<Page["locator"]>;
  if (phone) {
    await bell(page).click();
    await expect(page).toHaveURL(`${world.url}/notifications`);
    item = page.locator(`main a[href="/bookings/${id}"]`).filter({ hasText: /accepted/i });
    await expect(item).toBeVisible();
    await page.screenshot({
      path: `${SHOTS}/notifications-page-390.png`,
      fullPage: true,
      style: NO_TAB_BAR,
    });
    await expectAccessible(page, "notifications page", { include: "#main" });
  } else {
    await bell(page).click();
    const dropdown = page.getByRole("dialog", { name: "Notifications" });
    item = dropdown.locator(`a[href="/bookings/${id}"]`).filter({ hasText: /accepted/i });
    await expect(item).toBeVisible();
    await expect(item.getByText("Unread:")).toBeAttached();
    await expect(dropdown.getByRole("link", { name: "View all" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/bell-dropdown-1440.png` });
    await expectAccessible(page, "notifications dropdown", {
      include: "[data-radix-popper-content-wrapper]",
    });
  }
  await item.click();
  await expect(page).toHaveURL(`${world.url}/bookings/${id}`);
  await expect(page.getByText("Confirmed", { exact: true }).first()).toBeVisible();

  // The settings card on the account screen.
  await page.goto(`${world.url}/profile`);
  const settings = page.locator("#notification-settings");
  await expect(settings.getByRole("switch", { name: "Show read receipts" })).toBeVisible();
  await expectAccessible(page, "notification settings", { include: "#notification-settings" });
  // The whole card, in page coordinates (the sticky header would cover part of it).
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await settings.boundingBox();
  if (box) {
    await page.screenshot({
      path: `${SHOTS}/settings-card-${phone ? 390 : 1440}.png`,
      fullPage: true,
      clip: box,
      style: `${NO_TAB_BAR} header { visibility: hidden; }`,
    });
  }
});
