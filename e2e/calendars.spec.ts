import { test as base, expect, type Page } from "@playwright/test";
import { expectAccessible } from "./support/accessibility.ts";
import { type CalendarsWorld, startCalendarsWorld } from "./support/calendars-world.ts";
import { fileWorld, WORLD_START_TIMEOUT_MS } from "./support/file-world.ts";

// Calendar sync on the Availability Manager: a creator creates, copies and replaces their feed
// address (a calendar app can fetch it; the old one stops working), adds their work calendar
// (served over HTTPS on loopback) and sees it synced, and sees why a second address is refused.
base.describe.configure({ mode: "default" });
const world = fileWorld(startCalendarsWorld);

const test = base.extend<{ world: CalendarsWorld }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => use(await world()),
    { timeout: WORLD_START_TIMEOUT_MS },
  ],
});

async function signIn(page: Page, account: { email: string; password: string }) {
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByLabel("Password").fill(account.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog).toBeHidden();
}

/** ICS time of an instant (UTC). */
const icsTime = (d: Date) => `${d.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

test("a creator syncs calendars both ways from the Availability Manager", async ({
  browser,
  world,
}, testInfo) => {
  test.setTimeout(180_000);
  const start = new Date(Date.now() + 2 * 86_400_000);
  world.ics.serve(
    `/work-${testInfo.project.name}.ics`,
    [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//e2e//EN",
      "BEGIN:VEVENT",
      "UID:standup",
      "DTSTAMP:20260101T000000Z",
      `DTSTART:${icsTime(start)}`,
      `DTEND:${icsTime(new Date(start.getTime() + 3_600_000))}`,
      "RRULE:FREQ=DAILY;COUNT=3",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n"),
  );
  const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  await page.goto(`${world.url}/availability`);
  await signIn(page, world.creator);
  const card = page.getByRole("region", { name: "Calendar sync" });
  await expect(card).toBeVisible();

  // The feed: created, copied, fetched as a calendar app would, replaced.
  await page.getByRole("button", { name: "Create my feed address" }).click();
  const address = page.getByLabel("Your calendar feed address");
  await expect(address).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const first = await address.inputValue();
  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(page.getByText("Feed address copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  const fetched = await fetch(first);
  expect(fetched.status).toBe(200);
  expect(await fetched.text()).toContain("BEGIN:VCALENDAR");
  await page.getByRole("button", { name: "Replace address" }).click();
  await expect(address).not.toHaveValue(first);
  expect((await fetch(first)).status).toBe(404);

  // External calendars: one synced, one refused with its reason.
  const calendarAddress = page.getByLabel("Calendar's secret address");
  await calendarAddress.fill(`${world.ics.origin}/work-${testInfo.project.name}.ics`);
  await page.getByRole("button", { name: "Add calendar" }).click();
  const list = page.getByRole("list", { name: "External calendars" });
  await expect(list.getByText(/Last synced .* · 3 busy times in the next 90 days/)).toBeVisible();
  await calendarAddress.fill("https://10.0.0.1/private.ics");
  await page.getByRole("button", { name: "Add calendar" }).click();
  await expect(
    list.getByText(
      "Last sync failed: 10.0.0.1 points to a private or local network address; refused",
      {
        exact: false,
      },
    ),
  ).toBeVisible();
  await calendarAddress.fill("http://calendar.example.com/plain.ics");
  await page.getByRole("button", { name: "Add calendar" }).click();
  await expect(page.getByText("Only https addresses are fetched")).toBeVisible();

  await expectAccessible(page, "the calendar sync card");
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({
    path: testInfo.outputPath(`calendar-sync-${testInfo.project.name}.png`),
  });
  if (process.env.CALENDAR_SCREENSHOTS) {
    await card.screenshot({
      path: `${process.env.CALENDAR_SCREENSHOTS}/calendar-sync-${testInfo.project.name}.png`,
    });
  }

  await list.getByRole("button", { name: "Remove 10.0.0.1/…te.ics" }).click();
  await expect(list.getByText(/Last sync failed/)).toHaveCount(0);
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByRole("button", { name: "Create my feed address" })).toBeVisible();
  await context.close();
});
