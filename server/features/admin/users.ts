import type { Kysely } from "kysely";
import { ADMIN_PAGE_SIZE, type AdminUser } from "../../../contracts/back-office.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { signOutEverywhere } from "../accounts/service.ts";
import { recordStaffAction } from "../staff/audit.ts";
import { containsPattern, iso } from "./like-pattern.ts";
import { deleteDeactivation, insertDeactivation, usersWithRoles } from "./user-queries.ts";

type UserRow = Awaited<ReturnType<ReturnType<typeof usersWithRoles>["execute"]>>[number];

const toUser = (r: UserRow): AdminUser => ({
  id: r.id,
  name: r.name,
  email: r.email,
  // Anyone with a staff row, even a revoked one, is staff here: the back office never acts on them.
  role: r.admin_id ? "staff" : r.profile_id ? "creator" : "client",
  createdAt: iso(r.createdAt),
  deactivated:
    r.reason && r.deactivated_at
      ? { reason: r.reason, at: iso(r.deactivated_at), byName: r.deactivated_by_name ?? "" }
      : null,
});

export async function listUsers(db: Kysely<DB>, { q, page }: { q?: string; page: number }) {
  let base = usersWithRoles(db);
  if (q) {
    const pattern = containsPattern(q);
    base = base.where((eb) =>
      eb.or([eb("u.name", "ilike", pattern), eb("u.email", "ilike", pattern)]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .orderBy("u.createdAt", "desc")
      .orderBy("u.id")
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toUser), page, pageSize: ADMIN_PAGE_SIZE, total: Number(count.n) };
}

async function findUser(db: Kysely<DB>, id: string): Promise<AdminUser> {
  const row = await usersWithRoles(db).where("u.id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("not_found", "User not found");
  return toUser(row);
}

const STAFF_REFUSAL = "Staff accounts cannot be deactivated here.";

/**
 * Deactivates a client or creator: they cannot sign in, every session of theirs is deleted in
 * the same transaction (their next request is refused; open event streams notice within the
 * access re-check), and a creator is no longer listed.
 */
export async function deactivateUser(
  deps: AppDeps,
  actorUserId: string,
  id: string,
  reason: string,
) {
  const db = deps.database.db;
  const target = await findUser(db, id);
  if (target.role === "staff") throw new AppError("forbidden", STAFF_REFUSAL);
  await db.transaction().execute(async (trx) => {
    const now = deps.now();
    const inserted = await insertDeactivation(trx, { userId: id, reason, by: actorUserId }, now);
    if (!inserted) throw new AppError("conflict", "This account is already deactivated.");
    const sessions = await signOutEverywhere(trx, id);
    await recordStaffAction(
      trx,
      {
        actorUserId,
        action: "user.deactivate",
        targetType: "user",
        targetId: id,
        reason,
        details: { role: target.role, sessions },
      },
      now,
    );
  });
  // Other processes hear it from the database (migration 121); this one forgets at once.
  deps.sessionCache.forgetUser(id);
  return findUser(db, id);
}

export async function reactivateUser(deps: AppDeps, actorUserId: string, id: string) {
  const db = deps.database.db;
  const target = await findUser(db, id);
  if (target.role === "staff") throw new AppError("forbidden", STAFF_REFUSAL);
  await db.transaction().execute(async (trx) => {
    const removed = await deleteDeactivation(trx, id);
    if (!removed) throw new AppError("conflict", "This account is not deactivated.");
    await recordStaffAction(
      trx,
      {
        actorUserId,
        action: "user.reactivate",
        targetType: "user",
        targetId: id,
        details: { role: target.role },
      },
      deps.now(),
    );
  });
  return findUser(db, id);
}
