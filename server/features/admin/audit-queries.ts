import type { Kysely } from "kysely";
import { ADMIN_PAGE_SIZE, type AuditEntry } from "../../../contracts/back-office.ts";
import type { DB } from "../../db/schema.ts";
import { userRows } from "../accounts/user-name-fragments.ts";
import { staffAuditRows } from "../staff/staff-fragments.ts";
import { iso } from "./like-pattern.ts";

export type AuditFilter = { action?: string; targetType?: string; targetId?: string };

function filtered(db: Kysely<DB>, f: AuditFilter) {
  let base = db
    .selectFrom(staffAuditRows.as("a"))
    .innerJoin(userRows.as("u"), "u.id", "a.actor_user_id");
  if (f.action) base = base.where("a.action", "=", f.action);
  if (f.targetType) base = base.where("a.target_type", "=", f.targetType);
  if (f.targetId) base = base.where("a.target_id", "=", f.targetId);
  return base;
}

/** The audit log newest first, one page of it. */
export async function listAudit(
  db: Kysely<DB>,
  f: AuditFilter,
  page: number,
  pageSize = ADMIN_PAGE_SIZE,
) {
  const base = filtered(db, f);
  const [rows, count] = await Promise.all([
    base
      .select([
        "a.id",
        "a.action",
        "a.target_type",
        "a.target_id",
        "a.reason",
        "a.created_at",
        "u.id as actor_id",
        "u.name",
        "u.email",
      ])
      .orderBy("a.id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const items: AuditEntry[] = rows.map((r) => ({
    id: String(r.id),
    actor: { userId: r.actor_id, name: r.name, email: r.email },
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    reason: r.reason,
    at: iso(r.created_at),
  }));
  return { items, page, pageSize, total: Number(count.n) };
}
