import { expect, test } from "@playwright/test";
import { COMMISSION_TIERS, MARKETING } from "../contracts/constants.ts";
import { PAGE_ROUTES } from "../contracts/routes.ts";
import { PHONE_ONLY } from "./support/sizes.ts";

// Pages whose words and links are the same at both sizes are read on a phone, as most visitors
// do; navigation.spec.ts checks every screen's heading and accessibility at both sizes.

const TABS = [
  { path: PAGE_ROUTES.search, label: "Search" },
  { path: PAGE_ROUTES.bookings, label: "Bookings" },
  { path: PAGE_ROUTES.messages, label: "Messages" },
  { path: PAGE_ROUTES.profile, label: "Profile" },
];

test("the tab bar highlights the tab of the current path only", async ({ page, isMobile }) => {
  if (!isMobile) {
    await page.goto(PAGE_ROUTES.profile);
    await expect(page.getByRole("navigation", { name: "Tabs" })).toBeHidden();
    return;
  }
  for (const current of TABS) {
    await page.goto(current.path);
    const tabs = page.getByRole("navigation", { name: "Tabs" });
    for (const tab of TABS) {
      const link = tabs.getByRole("link", { name: tab.label });
      if (tab === current) await expect(link).toHaveAttribute("aria-current", "page");
      else await expect(link).not.toHaveAttribute("aria-current", "page");
    }
  }
});

test("an unknown path answers 404 with the not-found page", PHONE_ONLY, async ({ page }) => {
  const response = await page.goto("/definitely/not/here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 - Oops! Page not found");
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("the home search hands ZIP, service and date to /search", async ({ page }) => {
  await page.goto("/");
  const form = page.getByRole("form", { name: "Search creators" });
  await form.getByLabel("ZIP code").fill("123");
  await form.getByRole("button", { name: "Search" }).click();
  await expect(form.getByText("Enter 5-digit ZIP code")).toBeVisible();
  await expect(page).toHaveURL("/");

  await form.getByLabel("ZIP code").fill("33139");
  await form.getByLabel("Service").selectOption("Videography");
  await form.getByLabel("Date").fill("2030-06-01");
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL("/search?zip=33139&service=Videography&date=2030-06-01");
});

test("home shows the marketing figures and links to the map", PHONE_ONLY, async ({ page }) => {
  await page.goto("/");
  for (const value of [MARKETING.photographers, MARKETING.rating, MARKETING.bookings]) {
    await expect(page.getByText(value, { exact: true }).first()).toBeVisible();
  }
  await page.getByRole("link", { name: "Open the map" }).click();
  await expect(page).toHaveURL(PAGE_ROUTES.map);
});

test("How it Works shows the four steps and the stats", PHONE_ONLY, async ({ page }) => {
  await page.goto(PAGE_ROUTES.howItWorks);
  for (const step of ["Find Photographers", "View Portfolios", "Book Instantly"]) {
    await expect(page.getByRole("heading", { name: step, level: 3 })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Secure and Protected" })).toBeVisible();
  for (const value of ["10K+", "50K+", "4.9", "2 min"]) {
    await expect(page.getByText(value, { exact: true }).first()).toBeVisible();
  }
});

test(
  "Become a Photographer shows tiers, FAQ and an honest Coming Soon",
  PHONE_ONLY,
  async ({ page }) => {
    await page.goto(PAGE_ROUTES.becomePhotographer);
    for (const tier of COMMISSION_TIERS) {
      const card = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: tier.name, exact: true }) });
      await expect(card).toContainText(`${tier.ratePercent}%`);
      await expect(card).toContainText(tier.rule);
    }
    await page.getByText("When do I get paid?").click();
    await expect(
      page.getByText(/Payouts are sent 24-48 hours after the final photos/),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Coming Soon" })).toBeDisabled();
    await page
      .getByRole("link", { name: /Apply Now/ })
      .first()
      .click();
    await expect(page).toHaveURL(PAGE_ROUTES.apply);
  },
);

test("the signed-out profile opens the auth dialog in both modes", async ({ page }) => {
  await page.goto(PAGE_ROUTES.profile);
  await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("dialog", { name: "Welcome Back" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("main").getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("dialog", { name: "Join ShutterHail" })).toBeVisible();
});

test("the mobile side menu opens and its Sign In opens the auth dialog", async ({
  page,
  isMobile,
}) => {
  await page.goto("/");
  if (!isMobile) {
    // Desktop has no side menu: the header's own Sign In opens the dialog.
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("dialog", { name: "Welcome Back" })).toBeVisible();
    return;
  }
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu.getByRole("link", { name: "How it Works" })).toBeVisible();
  await menu.getByRole("button", { name: "Sign In" }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole("dialog", { name: "Welcome Back" })).toBeVisible();
});

test("the menu navigates (side menu on phones closes after)", async ({ page, isMobile }) => {
  await page.goto("/");
  if (!isMobile) {
    const link = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "How it Works" });
    await link.click();
    await expect(page).toHaveURL(PAGE_ROUTES.howItWorks);
    await expect(link).toHaveAttribute("aria-current", "page");
    return;
  }
  await page.getByRole("button", { name: "Open menu" }).click();
  await page
    .getByRole("dialog", { name: "Menu" })
    .getByRole("link", { name: "How it Works" })
    .click();
  await expect(page).toHaveURL(PAGE_ROUTES.howItWorks);
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
});
