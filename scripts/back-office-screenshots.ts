// Screenshots of the staff back office at phone and desktop size, signed in as staff, over a
// fresh test app with a few bookings (needs `npm run build` first, for dist/web).
//   npx tsx scripts/back-office-screenshots.ts [out-dir]
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import {
  createAdmin,
  createBooking,
  createCreator,
  createUser,
  enrolTwoFactor,
} from "../server/db/factories.ts";
import { totpCode, totpSecretToBase32 } from "../server/platform/totp.ts";
import { startTestApp } from "../server/test/test-app.ts";

const OUT_DIR = process.argv[2] ?? "screenshots/back-office";
const PASSWORD = "shots-password-123";
const SECRET = "back-office-shots!";
const DAY = 24 * 60 * 60 * 1000;

const app = await startTestApp({ LOG_LEVEL: "silent" });
const db = app.database.db;
const admin = await createAdmin(db, { password: PASSWORD, name: "Avery Staff" });
await enrolTwoFactor(db, {
  userId: admin.id,
  totpSecret: SECRET,
  authSecret: app.deps.config.authSecret,
});
let bookingId = "";
for (let i = 0; i < 8; i++) {
  const client = await createUser(db, { name: `Client Number${i}` });
  const { profile } = await createCreator(db, { fullName: `Creator Person${i % 3}` });
  const b = await createBooking(db, {
    creatorProfileId: profile.id,
    clientUserId: client.id,
    status: i % 2 ? "confirmed" : "completed",
  });
  bookingId = b.id;
  const at = new Date(Date.now() - i * 9 * DAY);
  await db
    .insertInto("payment_ledger")
    .values([
      {
        booking_id: b.id,
        kind: "authorization",
        amount_cents: b.remainder_cents,
        provider: "sandbox",
        provider_ref: `a-${i}`,
        status: "CREATED",
        created_at: at,
      },
      {
        booking_id: b.id,
        kind: "deposit_capture",
        amount_cents: b.deposit_amount_cents,
        provider: "sandbox",
        provider_ref: `c-${i}`,
        status: "COMPLETED",
        created_at: at,
      },
      ...(i % 2
        ? []
        : [
            {
              booking_id: b.id,
              kind: "remainder_capture",
              amount_cents: b.remainder_cents,
              provider: "sandbox",
              provider_ref: `r-${i}`,
              status: "COMPLETED",
              created_at: new Date(at.getTime() + DAY),
            },
          ]),
    ])
    .execute();
  await db
    .insertInto("booking_events")
    .values([
      {
        booking_id: b.id,
        to_status: "pending",
        actor_role: "client",
        actor_user_id: client.id,
        created_at: at,
      },
      {
        booking_id: b.id,
        from_status: "pending",
        to_status: "confirmed",
        actor_role: "creator",
        actor_user_id: profile.user_id,
        note: "Looking forward to it",
        created_at: at,
      },
    ])
    .execute();
  if (i === 0) {
    await db
      .insertInto("deliveries")
      .values({
        booking_id: b.id,
        status: "disputed",
        delivered_at: at,
        problem_reported_at: new Date(),
        problem_text: "Half of the photos are missing.",
      })
      .execute();
    await db
      .updateTable("bookings")
      .set({ problem_reported_at: new Date() })
      .where("id", "=", b.id)
      .execute();
    bookingId = b.id;
  }
}

mkdirSync(OUT_DIR, { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
for (const size of [
  { name: "phone", width: 390, height: 844, isMobile: true },
  { name: "desktop", width: 1440, height: 900, isMobile: false },
]) {
  const context = await browser.newContext({ viewport: size, isMobile: size.isMobile });
  const page = await context.newPage();
  await page.goto(`${app.url}/admin/login`);
  await page.locator("#main").getByLabel("Email").fill(admin.email);
  await page.locator("#main").getByLabel("Password").fill(PASSWORD);
  await page.locator("#main").getByRole("button", { name: "Sign In" }).click();
  await page.getByLabel("Authentication code").fill(await totpCode(totpSecretToBase32(SECRET)));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL(/\/admin$/);
  for (const [name, path] of [
    ["dashboard", "/admin"],
    ["bookings", "/admin/bookings"],
    ["booking", `/admin/bookings/${bookingId}`],
    ["problems", "/admin/problems"],
    ["users", "/admin/users"],
    ["audit", "/admin/audit"],
  ] as const) {
    await page.goto(`${app.url}${path}`);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${OUT_DIR}/${name}-${size.name}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
await app.close();
console.log(`screenshots in ${OUT_DIR}`);
