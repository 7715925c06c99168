import { test as base, expect, type Page } from "@playwright/test";
import { totpSecretToBase32 } from "../server/platform/totp.ts";
import { expectAccessible } from "./support/accessibility.ts";
import { signInInDialog } from "./support/booking-request.ts";
import { PHONE } from "./support/devices.ts";
import { fileWorld, WORLD_START_TIMEOUT_MS } from "./support/file-world.ts";
import {
  type ReviewsWorld,
  STAFF_TOTP_SECRET,
  startReviewsWorld,
} from "./support/reviews-world.ts";
import { enterCode } from "./support/staff-two-factor.ts";

// Two-sided blind reviews: the client and the creator each review a completed booking in their
// own browser; neither sees the other's review until both have submitted, then both appear
// together; the creator replies; staff hide the client's review and it leaves the profile.
base.describe.configure({ mode: "default" });
const world = fileWorld(startReviewsWorld);

const test = base.extend<{ world: ReviewsWorld }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => use(await world()),
    { timeout: WORLD_START_TIMEOUT_MS },
  ],
});

async function review(page: Page, stars: number, text: string) {
  const form = page.getByRole("form");
  await expect(form.getByText("13 days left")).toBeVisible();
  // Keyboard: focus the first star, then the arrow keys move the rating.
  await form.getByLabel("1 star", { exact: true }).focus();
  for (let i = 1; i < stars; i++) await page.keyboard.press("ArrowRight");
  await expect(form.getByLabel(`${stars} stars`)).toBeChecked();
  await form.getByLabel("Your review").fill(text);
  await form.getByRole("button", { name: "Submit Review" }).click();
}

test("both parties review blind, the reviews appear together, and staff hide one", async ({
  browser,
  world,
}) => {
  test.setTimeout(240_000);
  // Runs once (playwright.config.ts): the client on a phone, the creator at a desk.
  const clientContext = await browser.newContext({ baseURL: world.url, ...PHONE });
  const creatorContext = await browser.newContext({ baseURL: world.url });
  const client = await clientContext.newPage();
  const creator = await creatorContext.newPage();
  const path = `/bookings/${world.bookingId}/review`;

  // Signed out: the prompt to sign in, like every member screen.
  await client.goto(path);
  await expect(client.getByRole("heading", { name: "Leave Review" })).toBeVisible();
  await client.getByRole("button", { name: "Sign in to continue" }).click();
  await signInInDialog(client, world.client);
  await review(client, 4, "Sofia found the best light in the park.");
  await expect(
    client.getByText(
      /Submitted — your review is hidden until Sofia Martinez reviews or the window closes on/,
    ),
  ).toBeVisible();
  await expectAccessible(client, "a submitted review");

  // The creator does not see the client's review before submitting their own.
  await creator.goto(path);
  await creator.getByRole("button", { name: "Sign in to continue" }).click();
  await signInInDialog(creator, world.creator);
  await expect(creator.getByRole("heading", { name: "Leave Review" })).toBeVisible();
  await expect(creator.getByText("Sofia found the best light")).toHaveCount(0);
  await review(creator, 5, "Cleo was on time and a joy to photograph.");

  // Both publish at once: each side sees both.
  await expect(creator.getByRole("heading", { name: "Cleo C.'s review" })).toBeVisible();
  await expect(creator.getByText("Sofia found the best light in the park.")).toBeVisible();
  await creator.getByLabel("Reply publicly (once)").fill("Thank you, Cleo!");
  await creator.getByRole("button", { name: "Post Reply" }).click();
  await expect(creator.getByText("Thank you, Cleo!")).toBeVisible();
  await client.reload();
  await expect(client.getByRole("heading", { name: "Sofia Martinez's review" })).toBeVisible();
  await expect(client.getByText("Cleo was on time and a joy to photograph.")).toBeVisible();
  await expect(client.getByText("Thank you, Cleo!")).toBeVisible();

  // The creator's public profile lists the client's review with the reply.
  await client.goto(`/p/${world.creator.profileId}`);
  await expect(client.getByText("Sofia found the best light in the park.")).toBeVisible();
  await expect(client.getByText("Thank you, Cleo!")).toBeVisible();

  // Staff hide it with a reason: it leaves the profile.
  const staffContext = await browser.newContext({ baseURL: world.url });
  const staff = await staffContext.newPage();
  await staff.goto("/admin/login");
  const main = staff.locator("#main");
  await main.getByLabel("Email").fill(world.staff.email);
  await main.getByLabel("Password").fill(world.staff.password);
  await main.getByRole("button", { name: "Sign In" }).click();
  await enterCode(staff, totpSecretToBase32(STAFF_TOTP_SECRET));
  await expect(staff).toHaveURL(/\/admin$/);
  await staff.goto("/admin/reviews");
  await expect(staff.getByRole("heading", { name: "Reviews", exact: true })).toBeVisible();
  await staff.getByRole("searchbox", { name: "Search reviews" }).fill("Cleo");
  const row = staff
    .getByRole("list", { name: "Reviews" })
    .getByRole("listitem")
    .filter({ hasText: "Sofia found the best light" });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Hide" }).click();
  const dialog = staff.getByRole("dialog");
  await dialog.getByLabel("Reason").fill("Names a private address");
  await dialog.getByRole("button", { name: "Hide" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Hidden", { exact: true })).toBeVisible();
  await expect(row.getByText(/Names a private address/)).toBeVisible();
  await client.reload();
  await expect(client.getByText("No reviews yet.")).toBeVisible();
  await Promise.all([clientContext.close(), creatorContext.close(), staffContext.close()]);
});
