import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { insertStaffAction } from "./queries.ts";

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
  await insertStaffAction(trx, a, at);
}
