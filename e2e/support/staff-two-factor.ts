import { expect, type Page } from "@playwright/test";
import { totpCode } from "../../server/platform/totp.ts";

// Staff sign-in's second step in the browser; the tests play the authenticator app.

/** Enrols on the screen the first sign-in leads to; returns the authenticator key (Base32). */
export async function enrolOnScreen(page: Page): Promise<string> {
  const main = page.locator("#main");
  await expect(main.getByRole("heading", { name: "Set Up Two-Factor Sign In" })).toBeVisible();
  await expect(main.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const key = ((await main.getByTestId("setup-key").textContent()) ?? "").replace(/\s+/g, "");
  await main.getByLabel("Authentication code").fill(await totpCode(key));
  await main.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(main.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
  await expect(
    main.getByRole("list", { name: "Recovery codes" }).getByRole("listitem"),
  ).toHaveCount(10);
  await main.getByRole("button", { name: "I saved my codes, continue" }).click();
  return key;
}

/** Answers the code step of a sign-in with the app's current code. */
export async function enterCode(page: Page, key: string) {
  const main = page.locator("#main");
  await expect(main.getByRole("heading", { name: "Two-Factor Sign In" })).toBeVisible();
  await main.getByLabel("Authentication code").fill(await totpCode(key));
  await main.getByRole("button", { name: "Verify" }).click();
}
