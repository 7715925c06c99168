import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible } from "./support/accessibility.ts";
import { E2E_PASSWORD, linkIn, readMail, uniqueEmail } from "./support/mail.ts";
import { enrolOnScreen } from "./support/staff-two-factor.ts";

// The whole creator journey in two browsers: a visitor applies, staff approve live, the
// applicant signs up from the emailed link, onboards and completes the five setup steps.

const PORT = Number(process.env.E2E_PORT ?? 4173);
const PASSWORD = E2E_PASSWORD;
const run = promisify(execFile);
/** A photo as a phone writes it: JPEG with GPS coordinates in EXIF. */
function photo(color: string) {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: color } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "25/1 46/1 0/1" } })
    .toBuffer();
}

async function signedInAdmin(browser: Browser, request: APIRequestContext): Promise<Page> {
  const email = uniqueEmail("staff");
  const cli = ["dist/server/cli/admin-create.js", "dist/server/admin-create.js"].find(existsSync)!;
  await run(process.execPath, [cli, "--email", email], {
    env: { ...process.env, DATA_DIR: `.test-data/e2e-${PORT}`, PORT: String(PORT) },
  });
  await request.post("/api/auth/request-password-reset", {
    data: { email, redirectTo: "/admin/reset" },
  });
  const token = new URL(
    linkIn(await readMail(request, email, "Reset your ShutterHail password")),
    "http://x",
  ).searchParams.get("token");
  const reset = await request.post("/api/auth/reset-password", {
    data: { newPassword: PASSWORD, token },
  });
  expect(reset.ok()).toBe(true);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/admin/login");
  const main = page.locator("#main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password").fill(PASSWORD);
  await main.getByRole("button", { name: "Sign In" }).click();
  await enrolOnScreen(page);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

test("apply → live review → approve → sign up from the mail → onboard → five steps → converted", async ({
  browser,
  page: applicant,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("applicant");
  const name = `Nova ${Math.random().toString(36).slice(2, 7)}`;

  const admin = await signedInAdmin(browser, request);
  await admin.goto("/admin/applications");
  await expect(admin.getByRole("heading", { name: "Creator Applications" })).toBeVisible();
  // Tests in parallel share the server, so other notifications may be unread already.
  await expect(admin.getByRole("button", { name: /^Notifications/ })).toBeVisible();

  // The visitor applies, with a sample image.
  await applicant.goto("/apply");
  await expect(applicant.getByRole("heading", { level: 1 })).toHaveText(/Join ShutterHail/);
  await applicant.getByRole("button", { name: "Submit Application" }).click();
  await expect(applicant.getByText("Full name is required")).toBeVisible();
  await applicant.getByLabel("Full Name *").fill(name);
  await applicant.getByLabel("Email *").fill(email.toUpperCase());
  await applicant.getByLabel("City").fill("Miami Beach, FL");
  await applicant.getByLabel("Portfolio URL").fill("not a url");
  await applicant.getByRole("button", { name: "Submit Application" }).click();
  await expect(applicant.getByText("Enter a valid URL (https://...)")).toBeVisible();
  await applicant.getByLabel("Portfolio URL").fill("https://nova.example.com");
  await applicant.getByLabel("Experience Level").selectOption("advanced");
  await applicant.getByLabel("Travel Radius (miles)").fill("50");
  await applicant.getByRole("button", { name: "Portrait" }).click();
  await applicant.getByRole("button", { name: "Wedding" }).click();
  await applicant.getByLabel("About You").fill("Sunrise portraits on the beach.");
  await applicant.getByLabel("Add sample images").setInputFiles({
    name: "sample.jpg",
    mimeType: "image/jpeg",
    buffer: await photo("#d97706"),
  });
  await expect(applicant.getByRole("status", { name: "Uploading" })).toHaveCount(0);
  await applicant.getByRole("button", { name: "Submit Application" }).click();
  await expect(applicant.getByRole("heading", { name: "Application Submitted!" })).toBeVisible();
  await expect(
    applicant.getByText("Application submitted successfully! Check your email for confirmation."),
  ).toBeVisible();
  await readMail(request, email, "We received your ShutterHail application");

  // Staff see the notification and the new row without reloading.
  const rows = admin.getByRole("list", { name: "Applications" }).getByRole("listitem");
  const row = rows.filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText("Pending")).toBeVisible();
  await admin.getByRole("button", { name: /Notifications/ }).click();
  await expect(admin.getByRole("dialog").getByText(`${name} (${email}) applied`)).toBeVisible();
  await admin.keyboard.press("Escape");

  // Opening it puts it under review; approving mails the onboarding link.
  await row.getByRole("link", { name: `View ${name}` }).click();
  await expect(admin.getByRole("heading", { name })).toBeVisible();
  await expect(admin.getByText("Under Review")).toBeVisible();
  await expect(admin.getByRole("img", { name: `Sample 1 from ${name}` })).toBeVisible();
  await expectAccessible(admin, "an application for staff");
  await admin.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText("Application approved successfully!")).toBeVisible();
  await expect(admin.getByText("Approved", { exact: true })).toBeVisible();
  await admin.goto("/admin/applications");

  // The applicant follows the link, signs up with the same address and confirms it.
  const onboardLink = linkIn(
    await readMail(request, email, "Your ShutterHail application is approved"),
  );
  expect(onboardLink).toMatch(/^\/onboard\?application_id=/);
  await applicant.goto(onboardLink);
  await expect(applicant).toHaveURL(/\/auth\?redirect=/);
  const authForm = applicant.locator("#main");
  // A click in the first frames after the redirect was once lost on a loaded machine (the
  // button kept focus, the form stayed on sign-in): click again until the form has switched.
  const fullName = authForm.getByLabel("Full Name");
  await expect(async () => {
    if (!(await fullName.isVisible())) {
      await authForm.getByRole("button", { name: "Sign up" }).click({ timeout: 5_000 });
    }
    await expect(fullName).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await fullName.fill(name);
  await authForm.getByLabel("Email").fill(email);
  await authForm.getByLabel("Password").fill(PASSWORD);
  await authForm.getByRole("button", { name: "Create Account" }).click();
  await expect(applicant.getByText(/We sent you a confirmation link/)).toBeVisible();
  await applicant.goto(linkIn(await readMail(request, email, "Confirm your ShutterHail account")));

  // Become a Photographer shows the signed-in applicant where their application stands.
  await expect(applicant).toHaveURL(/\/onboard\?application_id=/);
  await applicant.goto("/become-photographer");
  const status = applicant.getByRole("region", { name: "Your application" });
  await expect(status.getByText("Approved", { exact: true })).toBeVisible();
  await expectAccessible(applicant, "Become a Photographer with the application's status");
  await status.getByRole("link", { name: "Complete Your Profile" }).click();

  // Onboarding: prefilled from the application, bio from about_me.
  await expect(applicant).toHaveURL(/\/onboard\?application_id=/);
  await expect(applicant.getByText("Complete Your Profile")).toBeVisible();
  await expect(applicant.getByLabel("Full Name *")).toHaveValue(name);
  await expect(applicant.getByLabel("Bio")).toHaveValue("Sunrise portraits on the beach.");
  await applicant.getByLabel("Business Name").fill("Nova Studio");
  await applicant.getByRole("button", { name: "Complete Setup" }).click();
  await expect(applicant.getByText("Profile created successfully!")).toBeVisible();
  await expect(applicant).toHaveURL(/\/profile$/);
  await expect(
    admin.getByRole("listitem").filter({ hasText: name }).getByText("Converted"),
  ).toBeVisible();

  // The five steps.
  await applicant.goto("/profile-setup");
  await expect(applicant.getByText("Step 1 of 5")).toBeVisible();
  await expect(applicant.getByRole("button", { name: "Previous" })).toBeDisabled();
  await expect(applicant.getByLabel(/Full Name/)).toHaveValue(name);
  await applicant.getByLabel(/Phone Number/).fill("305-555-0142");
  await applicant.getByRole("button", { name: "Next" }).click();

  await expect(applicant.getByText("Step 2 of 5")).toBeVisible();
  await expectAccessible(applicant, "profile setup, step 2");
  await applicant.getByRole("button", { name: "Mirrorless Camera" }).click();
  await applicant.getByRole("button", { name: "Drone" }).click();
  await applicant.getByRole("button", { name: "Headshots" }).click();
  await applicant.getByLabel("Upload portfolio photos").setInputFiles([
    { name: "one.jpg", mimeType: "image/jpeg", buffer: await photo("#0f766e") },
    { name: "two.jpg", mimeType: "image/jpeg", buffer: await photo("#7c3aed") },
    { name: "three.jpg", mimeType: "image/jpeg", buffer: await photo("#be123c") },
  ]);
  await expect(applicant.getByText("3 file(s) ready for upload.")).toBeVisible();
  const images = applicant.getByRole("list", { name: "Portfolio images" }).getByRole("img");
  await expect(images).toHaveCount(3);
  const firstSrc = await images.first().getAttribute("src");
  await applicant.getByRole("button", { name: "Move image 1 later" }).click();
  await expect(images.nth(1)).toHaveAttribute("src", firstSrc!);
  await applicant.getByRole("button", { name: "Delete image 3" }).click();
  await expect(images).toHaveCount(2);
  const thumb = await applicant.request.get(firstSrc!);
  expect((await sharp(await thumb.body()).metadata()).exif).toBeUndefined();
  await applicant.getByRole("button", { name: "Next" }).click();

  await expect(applicant.getByText("Step 3 of 5")).toBeVisible();
  await applicant.getByLabel(/Base Hourly Rate/).fill("150");
  await applicant.getByLabel(/Primary Service Location/).fill("33139");
  await applicant.getByLabel("Travel Radius").selectOption("50");
  await applicant.getByRole("button", { name: "Next" }).click();

  await expect(applicant.getByText("Step 4 of 5")).toBeVisible();
  await applicant.getByLabel("Payout Method").selectOption("paypal");
  await applicant.getByLabel("PayPal Email").fill(email);
  await applicant.getByRole("button", { name: "Next" }).click();

  await expect(applicant.getByText("Step 5 of 5")).toBeVisible();
  await applicant.getByLabel("Upload ID Verification").setInputFiles({
    name: "license.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF"),
  });
  await expect(applicant.getByRole("link", { name: "license.pdf" })).toBeVisible();
  await applicant.getByLabel("Insurance Details").fill("Acme Liability, $1M");

  // Coming back shows what was saved.
  await applicant.getByRole("button", { name: "Previous" }).click();
  await applicant.getByRole("button", { name: "Previous" }).click();
  await expect(applicant.getByLabel(/Primary Service Location/)).toHaveValue("33139");
  await applicant.getByRole("button", { name: "Next" }).click();
  await applicant.getByRole("button", { name: "Next" }).click();
  await applicant.getByLabel("Insurance Details").fill("Acme Liability, $1M");
  await applicant.getByRole("button", { name: "Complete Setup" }).click();
  await expect(applicant.getByText("Profile Setup Complete!")).toBeVisible();
  await expect(applicant).toHaveURL(/\/profile$/);
  // The creator's profile card reaches the Availability Manager.
  await expect(applicant.getByRole("link", { name: "Availability" }).first()).toHaveAttribute(
    "href",
    "/availability",
  );
  await expectAccessible(applicant, "a creator's profile page");

  const setup = await (await applicant.request.get("/api/profile-setup")).json();
  expect(setup.profile).toMatchObject({
    isComplete: true,
    completionPercent: 100,
    isPublished: true,
    phone: "305-555-0142",
    equipment: ["Mirrorless Camera", "Drone"],
    hourlyRateCents: 15_000,
    paymentMethod: "paypal",
    insurance: "Acme Liability, $1M",
  });
  expect(setup.portfolio).toHaveLength(2);
});
