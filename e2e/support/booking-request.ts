import { expect, type Page } from "@playwright/test";
import type { Account } from "./bookings-world.ts";

/** A date `days` ahead, YYYY-MM-DD (far enough that the creator's zone does not matter). */
export function daysAhead(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Signs in through the dialog the page has open ('Welcome Back'). */
export async function signInInDialog(page: Page, account: Account) {
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByLabel("Password").fill(account.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog).toBeHidden();
}

/**
 * On /bookings?creator=…, signed in: fills the booking form, submits it and approves the
 * deposit on the sandbox checkout page that opens in a new tab (as e2e/bookings.spec.ts does).
 * Returns the booking's id; the first tab shows the booking, pending with its creator.
 */
export async function requestPaidBooking(page: Page, date: string, startTime: string) {
  await page.getByLabel("Date").fill(date);
  await page.getByLabel("Start time").selectOption(startTime);
  await page.getByLabel("Hours").fill("2");
  await page.getByLabel("Full address").fill("350 5th Ave, New York, NY 10118");
  const popup = page.context().waitForEvent("page");
  await page.getByRole("button", { name: "Request & Pay Deposit" }).click();
  const checkout = await popup;
  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").pop() ?? "";
  await expect(checkout).toHaveURL(/\/sandbox\/checkout\//);
  await checkout.getByRole("button", { name: "Approve" }).click();
  await expect(checkout).toHaveURL(new RegExp(`/bookings/${id}\\?payment=approved`));
  await checkout.close();
  await expect(page.getByText("Pending", { exact: true }).first()).toBeVisible();
  return id;
}
