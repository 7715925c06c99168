import { createHmac, timingSafeEqual } from "node:crypto";
import {
  OPTIONAL_MAIL_CATEGORIES,
  type OptionalMailCategory,
} from "../../../contracts/preferences.ts";

// The token of a mail's one-click unsubscribe link: the account and the category in the clear,
// signed with the app's secret so nobody can turn off someone else's mail.

const macOf = (secret: string, userId: string, category: string) =>
  createHmac("sha256", secret)
    .update(`mail-unsubscribe\0${userId}\0${category}`)
    .digest("base64url");

export function unsubscribeToken(
  secret: string,
  userId: string,
  category: OptionalMailCategory,
): string {
  const id = Buffer.from(userId).toString("base64url");
  return `${id}.${category}.${macOf(secret, userId, category)}`;
}

/** The account and category a token names, or null when it is not one we signed. */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; category: OptionalMailCategory } | null {
  const [id, category, mac, ...rest] = token.split(".");
  if (!id || !category || !mac || rest.length > 0) return null;
  if (!(OPTIONAL_MAIL_CATEGORIES as readonly string[]).includes(category)) return null;
  const userId = Buffer.from(id, "base64url").toString("utf8");
  const expected = Buffer.from(macOf(secret, userId, category));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, category: category as OptionalMailCategory };
}
