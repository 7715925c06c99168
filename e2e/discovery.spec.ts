import { test as base, expect, type Page } from "@playwright/test";
import { expectAccessible } from "./support/accessibility.ts";
import { type DiscoveryWorld, startDiscoveryWorld } from "./support/discovery-world.ts";
import { fileWorld, WORLD_START_TIMEOUT_MS } from "./support/file-world.ts";
import { DESKTOP_ONLY, PHONE_ONLY } from "./support/sizes.ts";

// These journeys run against their own app over a database filled for them (see the world).
base.describe.configure({ mode: "default" });
const world = fileWorld(startDiscoveryWorld);

const test = base.extend<{ world: DiscoveryWorld }>({
  world: [
    async ({ context }, use) => {
      // No network beyond the app: map tiles and share targets answer locally.
      await context.route(/^https:\/\/(?!127\.0\.0\.1)/, (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<title>external</title>" }),
      );
      await use(await world());
    },
    { timeout: WORLD_START_TIMEOUT_MS },
  ],
});

/** The available creators whose markers are inside the map's frame. */
const availableInView = (page: Page) =>
  page.locator(".leaflet-marker-icon [data-available='true']").evaluateAll((icons) => {
    const container = document.querySelector(".leaflet-container");
    // Before the map has rendered there is nothing in view.
    if (!container) return 0;
    const map = container.getBoundingClientRect();
    return icons.filter((icon) => {
      const r = icon.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      return x >= map.left && x <= map.right && y >= map.top && y <= map.bottom;
    }).length;
  });

/** The map's Available stat says what can be seen (issue 23), and something can. */
async function expectStatToCountWhatIsSeen(page: Page, atLeast = 1) {
  await expect
    .poll(async () => {
      const shown = await availableInView(page);
      const stat = await page.getByTestId("stat-Available").textContent();
      return shown >= atLeast && stat === String(shown);
    })
    .toBe(true);
}

test(
  "search by ZIP, load more, open a profile, page the portfolio, like, comment and share",
  PHONE_ONLY,
  async ({ page, world, context }) => {
    const base = world.url;
    await page.goto(`${base}/search`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find Creators");
    const zip = page.getByLabel("ZIP code");
    await zip.fill("3313");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(zip).toHaveAttribute("aria-invalid", "true");
    await zip.fill("33139");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/zip=33139/);
    const cards = page.locator("article");
    await expect(cards).toHaveCount(12);
    await expect(cards.first()).toContainText("Ava Lens");
    await expect(cards.first()).toContainText("Available now");
    await page.getByRole("button", { name: "Load More Results" }).click();
    await expect(cards).toHaveCount(17);
    await expect(page.getByRole("button", { name: "Load More Results" })).toHaveCount(0);
    await expectAccessible(page, "search results");
    await expect(page.getByText("Hidden Draft")).toHaveCount(0);

    // A quick filter narrows the results and lives in the URL; Back restores the previous search.
    await page.getByRole("button", { name: "Wedding" }).click();
    await expect(page).toHaveURL(/filter=Wedding/);
    await expect(cards).toHaveCount(6);
    await page.goBack();
    await expect(page).not.toHaveURL(/filter=/);
    await expect(cards).toHaveCount(17);

    await cards.first().getByRole("link", { name: "View Profile" }).click();
    await expect(page).toHaveURL(`${base}/p/${world.star.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ava Lens");
    await expect(page).toHaveTitle("Ava Lens Profile | Find a Photographer");
    await expect(page.getByText("(3 reviews)")).toBeVisible();
    await expect(page.getByText("per hour")).toBeVisible();
    await expect(page.getByRole("link", { name: "Book Now" })).toHaveAttribute(
      "href",
      `/bookings?creator=${world.star.id}`,
    );

    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByText("Page 1 of 2")).toBeVisible();

    // Signed out, liking asks to sign in.
    const firstLike = page.getByRole("button", { name: /^Like \d+$/ }).first();
    await firstLike.click();
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(world.fan.email);
    await dialog.getByLabel("Password").fill(world.fan.password);
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(dialog).toBeHidden();

    await page
      .getByRole("button", { name: /^Like \d+$/ })
      .first()
      .click();
    const unlike = page.getByRole("button", { name: /^Like \d+$/, pressed: true }).first();
    await expect(unlike).toHaveAttribute("aria-pressed", "true");
    await expect(unlike.getByTestId("like-count")).toHaveText("1");

    await page.getByRole("button", { name: "Comments 0" }).first().click();
    await expect(page.getByText("No comments yet")).toBeVisible();
    const send = page.getByRole("button", { name: "Send comment" });
    await expect(send).toBeDisabled();
    await page.getByLabel("Add a comment").fill("   ");
    await expect(send).toBeDisabled();
    await page.getByLabel("Add a comment").fill("Gorgeous light!");
    await send.click();
    await expect(page.getByText("Gorgeous light!")).toBeVisible();
    // The profile with its comments open: Like and Comments buttons name their counts.
    await expectAccessible(page, "a profile with its comments open");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Share" }).first().click();
    for (const target of [
      "WhatsApp",
      "Facebook",
      "X",
      "Pinterest",
      "Instagram",
      "TikTok",
      "Copy link",
    ]) {
      await expect(page.getByRole("button", { name: target, exact: true })).toBeVisible();
    }
    const popup = context.waitForEvent("page");
    await page.getByRole("button", { name: "WhatsApp", exact: true }).click();
    const shared = await popup;
    await shared.waitForURL(/wa\.me/);
    expect(decodeURIComponent(shared.url())).toContain(`/p/${world.star.id}`);
    await shared.close();
  },
);

test("Instagram and TikTok copy the link and open their sites, or use the device's share sheet", async ({
  page,
  world,
  context,
}) => {
  const link = new RegExp(`/p/${world.star.id}$`);
  // Without a share sheet (this Chromium has none; removed in case a build adds one).
  await page.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: world.url });
  await page.goto(`${world.url}/p/${world.star.id}`);
  for (const [target, site] of [
    ["Instagram", "https://www.instagram.com/"],
    ["TikTok", "https://www.tiktok.com/"],
  ] as const) {
    await page.getByRole("button", { name: "Share" }).first().click();
    const opened = context.waitForEvent("page");
    await page.getByRole("button", { name: target, exact: true }).click();
    const tab = await opened;
    expect(tab.url()).toBe(site);
    await tab.close();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(link);
    await expect(page.getByText("Link copied").first()).toBeVisible();
    await page.keyboard.press("Escape");
  }

  // With a share sheet: it is used instead, and no site opens.
  const withSheet = await context.newPage();
  await withSheet.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", {
      configurable: true,
      value: async (data: ShareData) => {
        (window as { shared?: ShareData }).shared = data;
      },
    });
  });
  await withSheet.goto(`${world.url}/p/${world.star.id}`);
  let openedSite = false;
  context.on("page", () => {
    openedSite = true;
  });
  await withSheet.getByRole("button", { name: "Share" }).first().click();
  await withSheet.getByRole("button", { name: "TikTok", exact: true }).click();
  await expect
    .poll(() => withSheet.evaluate(() => (window as { shared?: ShareData }).shared?.url ?? ""))
    .toMatch(link);
  expect(openedSite).toBe(false);
});

test(
  "the profile's title, description and canonical link are in the server's HTML",
  DESKTOP_ONLY,
  async ({ request, world, page }) => {
    const response = await request.get(`${world.url}/p/${world.star.id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Ava Lens Profile | Find a Photographer</title>");
    expect(html).toMatch(/<meta name="description" content="Ava Lens, photographer/);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/p/${world.star.id}"`));
    expect(html).toContain('<meta property="og:image"');
    expect((await request.get(`${world.url}/p/${crypto.randomUUID()}`)).status()).toBe(404);

    // Reached in the app, the page sets the same head the server sent (contracts/page-head.ts).
    const head = () =>
      page.evaluate(() => {
        const read = (selector: string, attr: string) =>
          document.head.querySelector(selector)?.getAttribute(attr) ?? null;
        return {
          title: document.title,
          description: read('meta[name="description"]', "content"),
          canonical: read('link[rel="canonical"]', "href"),
          ogTitle: read('meta[property="og:title"]', "content"),
          ogDescription: read('meta[property="og:description"]', "content"),
          ogUrl: read('meta[property="og:url"]', "content"),
          ogImage: read('meta[property="og:image"]', "content"),
        };
      });
    await page.goto(`${world.url}/p/${world.star.id}`);
    await expect(page.getByRole("heading", { name: "Ava Lens" })).toBeVisible();
    const served = await head();
    expect(served.title).toBe("Ava Lens Profile | Find a Photographer");
    await page.goto(`${world.url}/search?zip=33139`);
    await page.locator("article").first().getByRole("link", { name: "View Profile" }).click();
    await expect(page).toHaveURL(`${world.url}/p/${world.star.id}`);
    await expect.poll(head).toEqual(served);
  },
);

test("the map with location granted: computed stats, live markers, a card linking to the profile", async ({
  page,
  context,
  world,
}) => {
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 25.74, longitude: -80.25 });
  await page.goto(`${world.url}/map`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Creators Near You");
  // Every creator of the world is online near the viewer: the stat counts those in view.
  await expectStatToCountWhatIsSeen(page);
  await expect(page.getByTestId("stat-Avg Rating")).toHaveText("4.7");
  await expect(page.getByTestId("stat-Avg Distance")).toHaveText(/^\d+\.\dmi$/);
  await expect(page.locator(".leaflet-marker-icon[title='Hidden Draft']")).toHaveCount(0);

  // A creator going offline turns grey without a reload.
  const marker = page.locator(
    `.leaflet-marker-icon[title='${world.offline.name}'] [data-available]`,
  );
  await expect(marker).toHaveAttribute("data-available", "true");
  await world.app.database.db
    .updateTable("photographer_profiles")
    .set({ available_now: false })
    .where("id", "=", world.offline.id)
    .execute();
  await expect(marker).toHaveAttribute("data-available", "false");
  await expectStatToCountWhatIsSeen(page, 0);
  await world.app.database.db
    .updateTable("photographer_profiles")
    .set({ available_now: true })
    .where("id", "=", world.offline.id)
    .execute();

  await page.locator(".leaflet-marker-icon[title='Ava Lens']").click({ force: true });
  const card = page.getByRole("region", { name: "Ava Lens details" });
  await expect(card.getByText("Available", { exact: true })).toBeVisible();
  // The booking form opens at the creator's nearest free start.
  await expect(card.getByRole("link", { name: "Book Photographer" })).toHaveAttribute(
    "href",
    new RegExp(
      `^/bookings\\?creator=${world.star.id}&date=\\d{4}-\\d{2}-\\d{2}&time=\\d{2}%3A\\d{2}$`,
    ),
  );
  await card.getByRole("link", { name: "View Profile" }).click();
  await expect(page).toHaveURL(`${world.url}/p/${world.star.id}`);
});

test("the map with location denied falls back to the default centre with the spec's toast", async ({
  page,
  context,
  world,
}) => {
  await context.clearPermissions();
  await page.goto(`${world.url}/map`);
  await expect(page.getByText("Location access denied. Using default location.")).toBeVisible();
  await expect(page.locator(".leaflet-container")).toBeVisible();
  await expect(page.getByTestId("stat-Avg Distance")).toHaveText("–");
  // It opens where the creators are, never on an empty view, and counts what it shows.
  const markers = page.locator(".leaflet-marker-icon[title]");
  await expect(markers.first()).toBeInViewport();
  await expectStatToCountWhatIsSeen(page);
});
