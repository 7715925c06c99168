import { test as base, expect } from "@playwright/test";
import {
  createAdmin,
  createBooking,
  createCreator,
  createUser,
  enrolTwoFactor,
} from "../server/db/factories.ts";
import { totpSecretToBase32 } from "../server/platform/totp.ts";
import { startTestApp, type TestApp } from "../server/test/test-app.ts";
import { expectAccessible } from "./support/accessibility.ts";
import { fileWorld, WORLD_START_TIMEOUT_MS } from "./support/file-world.ts";
import { enterCode } from "./support/staff-two-factor.ts";

// Staff sign in, read the figures and the weekly chart, find a booking and open its ledger and
// timeline, and deactivate the client with a reason — on desktop and on a phone.

const PASSWORD = "e2e-password-123";
const TOTP_SECRET = "e2e-back-office!";
const DAY = 24 * 60 * 60 * 1000;

type World = { app: TestApp; adminEmail: string };

async function startWorld(): Promise<World> {
  const app = await startTestApp({ LOG_LEVEL: "silent" });
  const admin = await createAdmin(app.database.db, { password: PASSWORD, name: "Back Office" });
  await enrolTwoFactor(app.database.db, {
    userId: admin.id,
    totpSecret: TOTP_SECRET,
    authSecret: app.deps.config.authSecret,
  });
  return { app, adminEmail: admin.email };
}

base.describe.configure({ mode: "default" });
const world = fileWorld(startWorld);

const test = base.extend<{ world: World }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => use(await world()),
    { timeout: WORLD_START_TIMEOUT_MS },
  ],
});

/** A paid booking whose client is called `clientName`, with ledger lines and a timeline. */
async function paidBooking(app: TestApp, clientName: string) {
  const db = app.database.db;
  const client = await createUser(db, { name: clientName });
  const { profile, user } = await createCreator(db, { fullName: "Morgan Aperture" });
  const booking = await createBooking(db, {
    creatorProfileId: profile.id,
    clientUserId: client.id,
    status: "confirmed",
  });
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
  await db
    .insertInto("payment_ledger")
    .values([
      {
        booking_id: booking.id,
        kind: "authorization",
        amount_cents: booking.remainder_cents,
        provider: "sandbox",
        provider_ref: `auth-${booking.id}`,
        status: "CREATED",
        created_at: at(3),
      },
      {
        booking_id: booking.id,
        kind: "deposit_capture",
        amount_cents: booking.deposit_amount_cents,
        provider: "sandbox",
        provider_ref: `cap-${booking.id}`,
        status: "COMPLETED",
        created_at: at(3),
      },
    ])
    .execute();
  await db
    .insertInto("booking_events")
    .values([
      {
        booking_id: booking.id,
        to_status: "pending",
        actor_role: "client",
        actor_user_id: client.id,
        created_at: at(3),
      },
      {
        booking_id: booking.id,
        from_status: "pending",
        to_status: "confirmed",
        actor_role: "creator",
        actor_user_id: user.id,
        created_at: at(2),
      },
    ])
    .execute();
  return { client, booking };
}

test("staff read the figures, open a booking's ledger and timeline, and deactivate its client", async ({
  page,
  world,
}, testInfo) => {
  // One whole journey; a busy two-core machine needs more than the default minute for it.
  test.setTimeout(180_000);
  const clientName = `Casey ${testInfo.project.name} ${Math.random().toString(36).slice(2, 7)}`;
  const { client } = await paidBooking(world.app, clientName);
  const main = page.locator("#main");

  await page.goto(`${world.app.url}/admin/login`);
  await main.getByLabel("Email").fill(world.adminEmail);
  await main.getByLabel("Password").fill(PASSWORD);
  await main.getByRole("button", { name: "Sign In" }).click();
  await enterCode(page, totpSecretToBase32(TOTP_SECRET));
  await expect(page).toHaveURL(/\/admin$/);

  // The figures come from the ledger; the chart library arrives lazily and draws an SVG.
  await expect(main.getByText("Active Photographers")).toBeVisible();
  await main.getByLabel("Period").selectOption("7d");
  const bookingsCard = main
    .locator("div", { has: page.getByText("Total Bookings", { exact: true }) })
    .last();
  await expect(bookingsCard).not.toContainText("--");
  await expect(main.getByText(/Platform share: \$/)).toBeVisible();
  const chart = main.getByTestId("weekly-chart");
  await expect(chart.locator(".recharts-wrapper > svg")).toBeVisible();
  // This week's bar (its one booking, at least) is drawn.
  await expect(chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expectAccessible(page, "the staff dashboard");

  // Find the booking by the client's name and open it.
  await main
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: /Bookings/ })
    .click();
  await expect(
    main.getByRole("heading", { name: "Bookings", exact: true, level: 1 }),
  ).toBeVisible();
  await main.getByLabel("Search bookings").fill(clientName);
  // The search is debounced into the address: wait for it before leaving the page.
  await expect(page).toHaveURL(/[?&]q=Casey/);
  const rows = main.getByRole("list", { name: "Bookings" }).getByRole("link");
  await expect(rows).toHaveCount(1);
  await rows.first().click();
  await expect(page).toHaveURL(/\/admin\/bookings\/[0-9a-f-]{36}$/);
  await expect(main.getByRole("heading", { name: "Booking", exact: true, level: 1 })).toBeVisible();
  await expect(main.getByRole("list", { name: "Payments ledger" })).toContainText(
    "Deposit captured",
  );
  await expect(main.getByRole("list", { name: "Timeline" })).toContainText(`Pending → Confirmed`);
  await expect(main.getByRole("list", { name: "Timeline" })).toContainText(clientName);
  await expectAccessible(page, "a booking for staff");

  // Deactivate the client with a reason; the audit log records it.
  await page.goto(`${world.app.url}/admin/users`);
  await main.getByLabel("Search users").fill(client.email);
  await expect(page).toHaveURL(/[?&]q=/);
  const row = main.getByRole("list", { name: "Users" }).getByRole("listitem");
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Deactivate" }).click();
  const dialog = page.getByRole("dialog", { name: "Deactivate account" });
  await expect(dialog.getByRole("button", { name: "Deactivate" })).toBeDisabled();
  await dialog.getByLabel(/Reason/).fill("Chargeback fraud");
  await expectAccessible(page, "the deactivate dialog");
  await dialog.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText(`${clientName} is deactivated and signed out`)).toBeVisible();
  await expect(row).toContainText("Deactivated");
  await expect(row).toContainText("Chargeback fraud");
  await expect(row.getByRole("button", { name: "Reactivate" })).toBeVisible();

  await row.getByRole("link", { name: "History" }).click();
  await expect(main.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  const entries = main.getByRole("list", { name: "Audit entries" });
  await expect(entries.getByRole("listitem")).toHaveCount(1);
  await expect(entries).toContainText("Deactivated a user");
  await expect(entries).toContainText("Reason: Chargeback fraud");
  await expectAccessible(page, "the audit log");
});
