import type { Kysely } from "kysely";
import { PASSWORD_LENGTH } from "../../../contracts/constants.ts";
import type { DB } from "../../db/schema.ts";
import type { DatabaseDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { listOutbox } from "../../platform/mail.ts";
import { hashPassword } from "../../platform/passwords.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.ts";
import {
  deleteUserSessions,
  findAccountByEmail,
  insertVerifiedUser,
  markEmailVerified,
  upsertCredentialPassword,
} from "./queries.ts";

export type VerifiedAccountInput = {
  email: string;
  name: string;
  /** Omitted: the account has no password until one is set through a reset link. */
  password?: string;
  location?: string | null;
  signedUpAs?: "client" | "creator";
};

export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_LENGTH.min)
    return `Password must be at least ${PASSWORD_LENGTH.min} characters.`;
  if (password.length > PASSWORD_LENGTH.max)
    return `Password must be at most ${PASSWORD_LENGTH.max} characters.`;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  return undefined;
}

/**
 * Creates (or brings up to date) a verified account without going through HTTP: for the
 * demo seed, the admin:create command and tests. The password is hashed exactly as sign-up
 * does (argon2id), so the account signs in normally. Idempotent per email address.
 */
export async function createVerifiedAccount(
  deps: DatabaseDeps,
  input: VerifiedAccountInput,
  /** More to do in the same transaction (staff access: server/features/admin/staff-access.ts). */
  then?: (trx: Kysely<DB>, userId: string) => Promise<unknown>,
): Promise<{ userId: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  if (input.password !== undefined) {
    const problem = passwordProblem(input.password);
    if (problem) throw new AppError("validation_failed", problem);
  }
  const passwordHash =
    input.password === undefined ? undefined : await hashPassword(input.password);
  return deps.database.db.transaction().execute(async (trx) => {
    const existing = await findAccountByEmail(trx, email);
    const userId =
      existing?.id ??
      (await insertVerifiedUser(trx, {
        email,
        name: input.name.trim(),
        location: input.location ?? null,
        signedUpAs: input.signedUpAs ?? "client",
      }));
    if (existing) await markEmailVerified(trx, userId);
    if (passwordHash) await upsertCredentialPassword(trx, userId, passwordHash);
    if (then) await then(trx, userId);
    return { userId, created: !existing };
  });
}

/** An account by its email address (any case), with whether it has a password. */
export const findAccount = (deps: DatabaseDeps, email: string) =>
  findAccountByEmail(deps.database.db, email.trim().toLowerCase());

export const OUTBOX_LIMIT = 100;

export const readOutbox = (deps: DatabaseDeps, to?: string) =>
  listOutbox(deps.database.db, OUTBOX_LIMIT, to);

/** Signs the user out everywhere at once; pass the transaction that decided it. */
export const signOutEverywhere = (executor: Kysely<DB>, userId: string) =>
  deleteUserSessions(executor, userId);
