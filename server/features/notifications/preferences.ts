import {
  DEFAULT_PREFERENCES,
  MAIL_CATEGORIES,
  OPTIONAL_MAIL_CATEGORIES,
  type OptionalMailCategory,
  type Preferences,
  UNSUBSCRIBE_INVALID,
} from "../../../contracts/preferences.ts";
import type { AppDeps, DatabaseDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import {
  addMailOptOut,
  findPreferences,
  type PreferencesRow,
  savePreferences,
  userExists,
} from "./queries.ts";
import { verifyUnsubscribeToken } from "./unsubscribe-token.ts";

function toPreferences(row: PreferencesRow | undefined): Preferences {
  if (!row) return structuredClone(DEFAULT_PREFERENCES);
  const on = (category: OptionalMailCategory) => !row.mail_opt_outs.includes(category);
  return {
    readReceipts: row.read_receipts,
    mail: { messages: on("messages"), bookings: on("bookings"), reviews: on("reviews") },
  };
}

export async function getPreferences(deps: DatabaseDeps, userId: string): Promise<Preferences> {
  return toPreferences(await findPreferences(deps.database.db, userId));
}

export async function putPreferences(
  deps: AppDeps,
  userId: string,
  prefs: Preferences,
): Promise<Preferences> {
  const row = {
    read_receipts: prefs.readReceipts,
    mail_opt_outs: OPTIONAL_MAIL_CATEGORIES.filter((c) => !prefs.mail[c]),
  };
  await savePreferences(deps.database.db, userId, row, deps.now());
  return toPreferences(row);
}

/** Whether the user turned an optional mail category off. */
export async function optedOut(
  deps: DatabaseDeps,
  userId: string,
  category: OptionalMailCategory,
): Promise<boolean> {
  const row = await findPreferences(deps.database.db, userId);
  return row?.mail_opt_outs.includes(category) ?? false;
}

/** A mail's unsubscribe link: turns its category off for the account it was sent to. */
export async function unsubscribe(
  deps: AppDeps,
  token: string,
): Promise<{ category: OptionalMailCategory; label: string }> {
  const signed = verifyUnsubscribeToken(deps.config.authSecret, token);
  if (!signed || !(await userExists(deps.database.db, signed.userId)))
    throw new AppError("bad_request", UNSUBSCRIBE_INVALID);
  await addMailOptOut(deps.database.db, signed.userId, signed.category, deps.now());
  const label = MAIL_CATEGORIES.find((c) => c.value === signed.category)!.label;
  return { category: signed.category, label };
}
