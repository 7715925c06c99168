import { type Browser, type BrowserContext, expect, test } from "@playwright/test";
import { coarseCoordinate } from "../contracts/availability.ts";
import { PRESENCE } from "../contracts/constants.ts";
import type { MapResponse } from "../contracts/search.ts";
import { createCreator } from "../server/db/factories.ts";
import { getPresence, sweepPresence } from "../server/features/availability/service.ts";
import { startTestApp, type TestApp } from "../server/test/test-app.ts";
import { expectAccessible } from "./support/accessibility.ts";

// A creator goes online on /availability with their device's position; a visitor already on
// the map sees their marker appear live, on the coarse grid, never at the exact position. A
// reload or in-app navigation keeps them online; closing the tab ends it after a short grace.

const PASSWORD = "e2e-password-123";
const NAME = "Lena Live";
const EXACT = { latitude: 25.76173, longitude: -80.19184 };

test.describe.configure({ mode: "serial" });

let app: TestApp;
let creator: { email: string; profileId: string };

test.beforeAll(async () => {
  // A fresh embedded database with every migration, two at once on a shared machine.
  test.setTimeout(240_000);
  app = await startTestApp({ LOG_LEVEL: "silent" });
  const made = await createCreator(app.database.db, {
    fullName: NAME,
    specialties: ["Photography", "Portrait"],
    user: { password: PASSWORD, emailVerified: true },
  });
  creator = { email: made.user.email, profileId: made.profile.id };
});
test.afterAll(async () => {
  await app?.close();
});

/** A context with only the app on the network and the given device position. */
async function newContext(browser: Browser, position: typeof EXACT | null) {
  // The project's device (desktop or phone) for each of the two people.
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const context: BrowserContext = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
  });
  await context.route(/^https:\/\/(?!127\.0\.0\.1)/, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>external</title>" }),
  );
  if (position) {
    await context.grantPermissions(["geolocation"], { origin: app.url });
    await context.setGeolocation(position);
  }
  return context;
}

test("a creator goes online with their location; a visitor's map shows them live, snapped to the grid", async ({
  browser,
}, testInfo) => {
  // Two browsers, a sign-in and a live map on two shared cores.
  test.setTimeout(240_000);
  const visitor = await newContext(browser, { latitude: 25.7617, longitude: -80.1918 });
  const map = await visitor.newPage();
  await map.goto(`${app.url}/map`);
  await expect(map.getByRole("heading", { level: 1 })).toHaveText("Creators Near You");
  await expect(map.getByTestId("stat-Available")).toHaveText("0");
  const marker = map.locator(`.leaflet-marker-icon[title='${NAME}']`);
  await expect(marker).toHaveCount(0);

  const device = await newContext(browser, EXACT);
  const page = await device.newPage();
  await page.goto(`${app.url}/availability`);
  // By its place, not its role: the sign-in dialog this screen opens for a signed-out visitor
  // hides the page from the accessibility tree, and it may already be open.
  await expect(page.locator("#main h1")).toHaveText("Availability Manager");
  await expect(page.getByText("Control when you're available for bookings")).toBeVisible();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await dialog.getByLabel("Email").fill(creator.email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog).toHaveCount(0);

  const toggle = page.getByRole("switch", { name: "Currently Offline" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(page.getByText("Turn on to receive live booking requests.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "How It Works" })).toBeVisible();

  // The map refetches once it hears of a creator it does not know: that answer is snapped.
  const snapped = map.waitForResponse(async (response) => {
    if (!response.url().includes("/api/map/creators")) return false;
    // A refetch overtaken by a newer one is cancelled by the page: its body is gone.
    const body = (await response.json().catch(() => null)) as MapResponse | null;
    return Boolean(body?.creators.some((c) => c.id === creator.profileId && c.availableNow));
  });
  await toggle.click();
  await expect(page.getByText("You're Now Online!")).toBeVisible();
  await expect(page.getByRole("switch", { name: "Currently Online" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(page.getByText("Location tracking active")).toBeVisible();
  await expect(page.getByText("25.7617, -80.1918")).toBeVisible();
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  await expect(page.getByText("Clients can see you're available now")).toBeVisible();
  await expectAccessible(page, "the Availability Manager, online");

  // The visitor's map, never reloaded: the marker appears, on the grid, as available.
  await expect(marker).toHaveCount(1);
  await expect(marker.locator("[data-available]")).toHaveAttribute("data-available", "true");
  const body = (await (await snapped).json()) as MapResponse;
  const shown = body.creators.find((c) => c.id === creator.profileId)!;
  expect([shown.lat, shown.lng]).toEqual([
    coarseCoordinate(EXACT.latitude),
    coarseCoordinate(EXACT.longitude),
  ]);
  expect(JSON.stringify(body)).not.toContain("76173");
  await marker.click({ force: true });
  await expect(map.getByRole("region", { name: `${NAME} details` })).toContainText(
    "Under 1 mi away",
  );
  await expectAccessible(map, "the map with a creator's card open");

  await page.screenshot({ path: testInfo.outputPath("availability-online.png") });

  // Offline: the marker turns grey on the visitor's map at once.
  await page.getByRole("switch", { name: "Currently Online" }).click();
  await expect(page.getByText("You're Now Offline")).toBeVisible();
  await expect(page.getByText("Location tracking active")).toHaveCount(0);
  await expect(marker.locator("[data-available]")).toHaveAttribute("data-available", "false");

  // Online again. A reload (or a typed URL) does not take the creator offline: the page says
  // it is going away, and the reloaded page checks in at once.
  await page.getByRole("switch", { name: "Currently Offline" }).click();
  await expect(marker.locator("[data-available]")).toHaveAttribute("data-available", "true");
  // The map can hear of it before the creator's own page has the answer; only a page that
  // knows it is online says it is going away as it closes.
  await expect(page.getByRole("switch", { name: "Currently Online" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  const checkedIn = page.waitForResponse(
    (r) => r.url().includes("/api/availability/heartbeat") && r.status() === 200,
  );
  await page.reload();
  await checkedIn;
  await expect(page.getByRole("switch", { name: "Currently Online" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  // In-app navigation neither: the page never goes away.
  await page.getByRole("link", { name: "How it Works" }).first().click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  // Long after the grace a reload would have had, the sweep still finds them alive.
  const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
  expect(await sweepPresence(app.deps, later(PRESENCE.leaveGraceSeconds + 5))).not.toContain(
    creator.profileId,
  );
  await expect(marker.locator("[data-available]")).toHaveAttribute("data-available", "true");

  // Closing the last tab: offline once the grace is over (the sweep run as if then). A
  // heartbeat still in flight as the tab closes may land after its beacon and count as the
  // latest sign of life (then the creator goes offline after the full 90 s): close once the
  // page's requests have settled.
  await page.waitForLoadState("networkidle");
  await page.close({ runBeforeUnload: true });
  // Whichever sweep takes them (this one, or one another test runs on the same world), they end
  // up offline. Swept as if the grace were over: a heartbeat still in flight at the close lands
  // after the beacon and counts as a sign of life, and then they go once it is 45 s old (a
  // sweep further ahead would take every creator online in the world, other tests' too).
  await expect
    .poll(
      async () => {
        await sweepPresence(app.deps, later(PRESENCE.leaveGraceSeconds + 1));
        return (await getPresence(app.deps, creator.profileId)).online;
      },
      { timeout: 75_000 },
    )
    .toBe(false);
  await expect(marker.locator("[data-available]")).toHaveAttribute("data-available", "false", {
    timeout: 30_000,
  });

  await device.close();
  await visitor.close();
});

test("signed-in people without a creator profile are told how to become one", async ({
  browser,
}) => {
  const { createUser } = await import("../server/db/factories.ts");
  const user = await createUser(app.database.db, {
    name: "Cleo Client",
    password: PASSWORD,
    emailVerified: true,
  });
  const context = await newContext(browser, null);
  const page = await context.newPage();
  await page.goto(`${app.url}/availability`);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(user.email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("link", { name: "Become a Creator" })).toHaveAttribute(
    "href",
    "/become-photographer",
  );
  await expect(page.getByRole("switch")).toHaveCount(0);
  await context.close();
});
