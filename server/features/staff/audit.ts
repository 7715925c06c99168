import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

export type StaffAction = {
  actorUserId: string;
  /** What was done, as `domain.verb`: "review.hide", "payout.mark_sent", "user.deactivate". */
  action: string;
  targetType:
    | "booking"
    | "delivery"
    | "review"
    | "payout"
    | "user"
    | "creator"
    | "conversation"
    | "application";
  targetId: string;
  reason?: string | null;
  details?: Record<string, unknown>;
};

/**
 * Records a staff action in the audit log. Call it with the action's own transaction, so the
 * action and its record commit together or not at all.
 */
export async function recordStaffAction(trx: Kysely<DB>, a: StaffAction, at: Date) {
  await trx
    .insertInto("staff_audit_log")
    .values({
      actor_user_id: a.actorUserId,
      action: a.action,
      target_type: a.targetType,
      target_id: a.targetId,
      reason: a.reason ?? null,
      details: JSON.stringify(a.details ?? {}),
      created_at: at,
    })
    .execute();
}
