import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

/**
 * The back office's audit log for the demo: the seeded application decisions, as the staff
 * member who made them would have recorded them (the API writes these in the decision's own
 * transaction).
 */
export async function seedBackOffice(db: Kysely<DB>) {
  const decided = await db
    .selectFrom("applications")
    .select(["id", "status", "decided_by", "decided_at", "denial_reason"])
    .where("decided_by", "is not", null)
    .where("decided_at", "is not", null)
    .where("status", "in", ["approved", "converted", "denied"])
    .orderBy("decided_at")
    .execute();
  if (decided.length === 0) return;
  await db
    .insertInto("staff_audit_log")
    .values(
      decided.map((a) => ({
        actor_user_id: a.decided_by!,
        action: a.status === "denied" ? "application.deny" : "application.approve",
        target_type: "application",
        target_id: a.id,
        reason: a.status === "denied" ? a.denial_reason : null,
        created_at: a.decided_at!,
      })),
    )
    .execute();
}
