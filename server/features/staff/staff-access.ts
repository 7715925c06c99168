import type { DatabaseDeps } from "../../platform/deps.ts";
import {
  createVerifiedAccount,
  findAccount,
  type VerifiedAccountInput,
} from "../accounts/service.ts";
import { grantAdminAccess, revokeAdminAccess } from "./service.ts";

// Staff access: granted to an account (made verified, without a password, if there is none)
// or taken away — by admin:create, its control channel, the demo seed and tests.

/** A verified account with staff access `role`, in one transaction. */
export const createStaffAccount = (
  deps: DatabaseDeps,
  input: VerifiedAccountInput & { role: string },
) =>
  createVerifiedAccount(deps, input, (trx, userId) =>
    grantAdminAccess(deps, userId, input.role, trx),
  );

export type StaffChange =
  | { action: "granted"; userId: string; created: boolean; hasPassword: boolean }
  | { action: "deactivated"; userId: string }
  | { action: "unchanged"; reason: string };

/** `admin:create`: grants staff access (creating the account if needed) or takes it away. */
export async function changeStaffAccess(
  deps: DatabaseDeps,
  input: { email: string; role: string; deactivate: boolean },
): Promise<StaffChange> {
  const existing = await findAccount(deps, input.email);
  if (input.deactivate) {
    if (!existing) return { action: "unchanged", reason: `No account uses ${input.email}.` };
    const revoked = await revokeAdminAccess(deps, existing.id);
    return revoked
      ? { action: "deactivated", userId: existing.id }
      : { action: "unchanged", reason: `${existing.email} had no active staff access.` };
  }
  const { userId, created } = await createStaffAccount(deps, {
    email: input.email,
    name: existing?.name ?? input.email.split("@")[0] ?? input.email,
    role: input.role,
  });
  return { action: "granted", userId, created, hasPassword: existing?.hasPassword ?? false };
}
