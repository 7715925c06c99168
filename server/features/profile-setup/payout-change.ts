import type { Selectable, Updateable } from "kysely";
import type { PhotographerProfiles } from "../../db/schema.ts";
import { siteOrigin } from "../../platform/auth.ts";
import type { AppDeps } from "../../platform/deps.ts";
import type { Mail } from "../../platform/mail.ts";
import { requirePassword } from "../accounts/reauthenticate.ts";
import { decryptSecret } from "./payment-crypto.ts";

// Where a creator's payouts go (method, PayPal/Stripe email, bank account) is what a stolen
// session would change first. So, like Airbnb and Upwork, changing payout details that are
// already set needs the account's password again; setting them the first time (during setup,
// right after signing in) does not. Every change, the first included, is mailed to the
// account's address, so an owner learns at once of one they did not make. The tax id is not
// where money goes and needs no password.

type Profile = Selectable<PhotographerProfiles>;
type Changes = Updateable<PhotographerProfiles>;

export type PayoutCaller = { userId: string; email: string; headers: Headers };

const METHOD_NAMES: Record<string, string> = {
  direct_deposit: "Direct Deposit",
  paypal: "PayPal",
  stripe: "Stripe",
};

function bankOf(ciphertext: string | null | undefined, key: Buffer): string | null {
  if (!ciphertext) return null;
  try {
    return decryptSecret(ciphertext, key);
  } catch {
    // Unreadable (another key): compare by ciphertext, so any new number counts as a change.
    return ciphertext;
  }
}

/** Where payouts go: the method, its email and the bank numbers, as comparable text. */
function destination(
  p: Pick<Profile, "payment_method" | "payout_email" | "bank_account_encrypted">,
  key: Buffer,
) {
  return JSON.stringify([p.payment_method, p.payout_email, bankOf(p.bank_account_encrypted, key)]);
}

const hasPayoutDetails = (p: Profile) =>
  p.payment_method !== null || p.payout_email !== null || p.bank_account_encrypted !== null;

/** "n•••@example.com": enough for the owner to recognise, little for anyone else. */
const maskEmail = (email: string) => email.replace(/^(.)[^@]*/, "$1•••");

function changedMail(to: string, after: Profile, at: Date, origin: string): Mail {
  const method = after.payment_method ? METHOD_NAMES[after.payment_method] : null;
  const where = !method
    ? "no payout method is set now"
    : after.payment_method === "direct_deposit"
      ? `payouts go by ${method} to the bank account ending in ${after.bank_account_last4}`
      : `payouts go to the ${method} account ${maskEmail(after.payout_email ?? "")}`;
  const when = `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return {
    to,
    category: "security",
    subject: "Your ShutterHail payout details were changed",
    text: `The payout details of your ShutterHail account were changed on ${when}: ${where}.\n\nIf it was you, there is nothing to do. If it was not, set a new password at once at ${origin}/admin/forgot (that signs every device out), then set your payout details back.`,
  };
}

/**
 * Whether saving `changes` changes where payouts go; if so, and details were already set,
 * the caller's password is checked first (throws when missing or wrong). Answers the mail that
 * announces the change (send it in the change's transaction), or null when nothing changed.
 */
export async function checkPayoutChange(
  deps: AppDeps,
  caller: PayoutCaller,
  current: Profile,
  changes: Changes,
  password: string | undefined,
): Promise<Mail | null> {
  const key = deps.config.paymentDataKey;
  const after = { ...current, ...changes } as Profile;
  if (destination(after, key) === destination(current, key)) return null;
  if (hasPayoutDetails(current)) {
    await requirePassword(
      deps,
      { userId: caller.userId, headers: caller.headers, password },
      "change your payout details",
    );
  }
  return changedMail(caller.email, after, deps.now(), siteOrigin(deps.config));
}
