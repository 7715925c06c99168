import type { AppDeps } from "../../platform/deps.ts";
import * as q from "./queries.ts";
import { SETTLE_BOOKING_JOB, type Settlement, settleBooking } from "./settle.ts";
import { syncOrder } from "./sync.ts";

export const CHECK_ORDERS_JOB = "payments.check-orders";

/** A PENDING payment is looked up at the provider if no webhook settled it within this. */
const PENDING_RECHECK_MS = 15 * 60 * 1000;
const BATCH = 100;

/** Registers the payments queues (server/job-handlers.ts calls this once per process). */
export function definePaymentJobs(deps: AppDeps) {
  deps.jobs.define<Settlement>({
    name: SETTLE_BOOKING_JOB,
    // Provider outages and payments still processing: retry with backoff for about a day.
    retryLimit: 12,
    retryDelaySeconds: 30,
    retryDelayMaxSeconds: 2 * 60 * 60,
    expireInSeconds: 120,
    handler: (data) => settleBooking(deps, data),
  });
  deps.jobs.define({
    name: CHECK_ORDERS_JOB,
    cron: "*/5 * * * *",
    handler: (_data, { now }) => checkOrders(deps, now),
  });
}

/**
 * The safety net under webhooks: payments still PENDING are read again at the provider, and
 * orders past their approval window are read once more (approved without our hearing of it,
 * else they lapse).
 */
export async function checkOrders(deps: AppDeps, now: Date) {
  const due = await q.findOrdersToCheck(
    deps.database.db,
    now,
    new Date(now.getTime() - PENDING_RECHECK_MS),
    BATCH,
  );
  for (const order of due) {
    try {
      const after = await syncOrder(deps, order);
      if (after.status === "awaiting_buyer" && after.approve_by && after.approve_by <= now) {
        await q.patchOrder(
          deps.database.db,
          after.id,
          ["awaiting_buyer"],
          { status: "expired" },
          now,
        );
      }
    } catch (error) {
      deps.log.warn({ err: error, paymentOrderId: order.id }, "checking a payment failed");
    }
  }
}
