import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_LENGTH } from "../../../contracts/constants.ts";

// zxcvbn-ts's list of the ~49,000 most common leaked passwords, shipped in the package (no
// network at run time). Only those long enough to be accepted at all are kept (~18,000).
const COMMON_PASSWORDS = new Set(
  dictionary["passwords-common"].filter((password) => password.length >= PASSWORD_LENGTH.min),
);

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Choose another.";

/** Whether the password, ignoring case, is on the common-password list. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
