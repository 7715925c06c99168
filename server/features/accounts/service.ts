import type { Kysely } from "kysely";
import { PASSWORD_LENGTH } from "../../../contracts/constants.ts";
import type { DB } from "../../db/schema.ts";
import type { DatabaseDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { listOutbox } from "../../platform/mail.ts";
import { hashPassword } from "../../platform/passwords.ts";
import { grantAdminAccess, revokeAdminAccess } from "../admin/service.ts";
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
  /** Also grant staff access with this role. */
  admin?: { role: string };
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
    if (input.admin) await grantAdminAccess(deps, userId, input.admin.role, trx);
    return { userId, created: !existing };
  });
}

export type StaffChange =
  | { action: "granted"; userId: string; created: boolean; hasPassword: boolean }
  | { action: "deactivated"; userId: string }
  | { action: "unchanged"; reason: string };

/** `admin:create`: grants staff access (creating the account if needed) or takes it away. */
export async function changeStaffAccess(
  deps: DatabaseDeps,
  input: { email: string; role: string; deactivate: boolean },
): Promise<StaffChange> {
  const existing = await findAccountByEmail(deps.database.db, input.email);
  if (input.deactivate) {
    if (!existing) return { action: "unchanged", reason: `No account uses ${input.email}.` };
    const revoked = await revokeAdminAccess(deps, existing.id);
    return revoked
      ? { action: "deactivated", userId: existing.id }
      : { action: "unchanged", reason: `${existing.email} had no active staff access.` };
  }
  const { userId, created } = await createVerifiedAccount(deps, {
    email: input.email,
    name: existing?.name ?? input.email.split("@")[0] ?? input.email,
    admin: { role: input.role },
  });
  return { action: "granted", userId, created, hasPassword: existing?.hasPassword ?? false };
}

export const OUTBOX_LIMIT = 100;

export const readOutbox = (deps: DatabaseDeps, to?: string) =>
  listOutbox(deps.database.db, OUTBOX_LIMIT, to);

/** Signs the user out everywhere at once; pass the transaction that decided it. */
export const signOutEverywhere = (executor: Kysely<DB>, userId: string) =>
  deleteUserSessions(executor, userId);
