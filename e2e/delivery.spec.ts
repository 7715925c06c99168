import { readFileSync } from "node:fs";
import { test as base, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible } from "./support/accessibility.ts";
import {
  type DeliveryAccount,
  type DeliveryWorld,
  startDeliveryWorld,
} from "./support/delivery-world.ts";
import { PHONE } from "./support/devices.ts";
import { fileWorld, WORLD_START_TIMEOUT_MS } from "./support/file-world.ts";

// Photo delivery over its own app and database: the creator uploads several photos at once
// and delivers them; the client opens them in the viewer, downloads one and the ZIP,
// favourites one and accepts; the creator sees the favourite.
base.describe.configure({ mode: "default" });
const world = fileWorld(startDeliveryWorld);

const test = base.extend<{ world: DeliveryWorld }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => use(await world()),
    { timeout: WORLD_START_TIMEOUT_MS },
  ],
});

async function signIn(page: Page, account: DeliveryAccount) {
  const dialog = page.getByRole("dialog");
  await page.getByRole("button", { name: "Sign in to continue" }).click();
  await expect(dialog.getByRole("heading", { name: "Welcome Back" })).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByLabel("Password").fill(account.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog).toBeHidden();
}

const jpeg = async (name: string, color: string) => ({
  name,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 1200, height: 800, channels: 3, background: color } })
    .jpeg()
    .toBuffer(),
});

const shot = async (page: Page, name: string) => {
  if (process.env.DELIVERY_SCREENSHOTS) {
    await page.screenshot({
      path: `${process.env.DELIVERY_SCREENSHOTS}/${name}.png`,
      fullPage: true,
    });
  }
};

test("a creator delivers; the client views, downloads, favourites and accepts", async ({
  browser,
  world,
}, testInfo) => {
  test.setTimeout(180_000);
  const bookingId = await world.newBooking();
  const path = `/bookings/${bookingId}/photos`;
  const creatorContext = await browser.newContext({
    baseURL: world.url,
    viewport: { width: 1440, height: 900 },
  });
  const clientContext = await browser.newContext({
    baseURL: world.url,
    acceptDownloads: true,
    // Runs once (playwright.config.ts): the client on a phone, the creator at a desk.
    ...PHONE,
  });
  const creator = await creatorContext.newPage();
  const client = await clientContext.newPage();

  // The creator uploads three photos at once and delivers them.
  await creator.goto(path);
  await expect(creator.getByRole("heading", { name: "Photos", level: 1 })).toBeVisible();
  await signIn(creator, world.creator);
  await expect(creator.getByRole("heading", { name: "Upload the final photos" })).toBeVisible();
  await creator
    .getByLabel("Choose photos")
    .setInputFiles([
      await jpeg("beach.jpg", "#e94"),
      await jpeg("dunes.jpg", "#3a7"),
      await jpeg("pier.jpg", "#47c"),
    ]);
  await expect(creator.getByText("Uploaded")).toHaveCount(3, { timeout: 30_000 });
  await expect(creator.getByRole("heading", { name: "3 photos" })).toBeVisible();
  await shot(creator, "creator-draft");
  await creator.getByRole("button", { name: "Deliver photos (3)" }).click();
  await expect(creator.getByText(/The client has until/)).toBeVisible();

  // The client sees them, opens the viewer and walks through it with the keyboard.
  await client.goto(path);
  await signIn(client, world.client);
  await expect(client.getByText("Happy with your photos?")).toBeVisible();
  await expect(client.getByText(/accepted automatically on/)).toBeVisible();
  await shot(client, `client-delivered-${testInfo.project.name}`);
  await client.getByRole("button", { name: "Open beach.jpg" }).click();
  const viewer = client.getByRole("dialog");
  await expect(viewer.getByText("1 of 3")).toBeVisible();
  await client.keyboard.press("ArrowRight");
  await expect(viewer.getByText("2 of 3")).toBeVisible();
  await expect(viewer.getByRole("img", { name: "dunes.jpg" })).toBeVisible();
  await expectAccessible(client, "the photo viewer");
  await shot(client, `viewer-${testInfo.project.name}`);

  // One photo, at full resolution.
  const one = client.waitForEvent("download");
  await viewer.getByRole("link", { name: "Download" }).click();
  const photo = await one;
  expect(photo.suggestedFilename()).toBe("dunes.jpg");
  const size = await sharp(readFileSync(await photo.path())).metadata();
  expect([size.width, size.height]).toEqual([1200, 800]);
  await viewer.getByRole("button", { name: "Add to favourites" }).click();
  await expect(viewer.getByRole("button", { name: "Remove from favourites" })).toBeVisible();
  await client.keyboard.press("Escape");
  await expect(viewer).toBeHidden();

  // Every photo, as one ZIP.
  const all = client.waitForEvent("download");
  await client.getByRole("link", { name: "Download all (ZIP)" }).click();
  const zip = await all;
  expect(zip.suggestedFilename()).toMatch(/^ShutterHail-.+\.zip$/);
  expect(
    readFileSync(await zip.path())
      .subarray(0, 2)
      .toString(),
  ).toBe("PK");

  await expect(
    client.getByRole("button", { name: "Remove dunes.jpg from favourites" }),
  ).toHaveAttribute("aria-pressed", "true");
  await client.getByRole("button", { name: "Accept delivery" }).click();
  await expect(client.getByText(/Delivery accepted by the client/)).toBeVisible();
  await shot(client, `client-accepted-${testInfo.project.name}`);

  // The creator sees the client's favourite.
  await creator.reload();
  await expect(creator.getByLabel("Client favourite")).toHaveCount(1);
  await expect(creator.getByText(/1 favourite of the client/)).toBeVisible();
  await creatorContext.close();
  await clientContext.close();
});
