import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { hailBookingPaid, hailBookingPaymentFailed } from "../bookings/hail-booking.ts";
import { type PaymentOrderRow, registerPurpose } from "../payments/service.ts";
import { createAdminNotification } from "../staff/service.ts";
import { publishOffers } from "./events.ts";
import { stepHail } from "./lifecycle.ts";
import * as q from "./queries.ts";
import { endHailIn, goLive } from "./service.ts";

// What the payments domain tells hail about a hail's order (registered at start-up,
// server/domain-wiring.ts): the client's payment is in place → the hail goes live; refused →
// the hail fails; the winner's total charged → the booking is paid; refused or taken back
// after an accept → the booking is cancelled and the hail failed.

export const HAIL_PAGE_PATH = "/hail";

async function failAcceptedHail(deps: AppDeps, trx: Kysely<DB>, hailId: string) {
  const failed = await stepHail(deps, trx, hailId, "fail", { onlyFrom: ["accepted"] });
  if (failed?.accepted_profile_id) {
    await publishOffers(deps, hailId, [failed.accepted_profile_id], trx);
  }
}

export function registerHailPayments(deps: AppDeps) {
  registerPurpose(deps, "hail", {
    secured: (trx, order) => goLive(deps, trx, order.subject_id, order.amount_cents),
    async processing() {},
    async needsBuyer() {},
    async failed(trx, order: PaymentOrderRow, why) {
      const hail = await q.findHail(trx, order.subject_id);
      if (hail?.status === "awaiting_payment" || hail?.status === "live") {
        await endHailIn(deps, trx, hail.id, ["awaiting_payment", "live"], "fail");
      } else if (hail?.status === "accepted" && order.booking_id) {
        await hailBookingPaymentFailed(deps, trx, order.booking_id, why);
        await failAcceptedHail(deps, trx, hail.id);
      }
    },
    async collected(trx, order) {
      if (order.booking_id) await hailBookingPaid(deps, trx, order.booking_id);
    },
    async takenBack(trx, order, amountCents, why) {
      await createAdminNotification(
        deps,
        {
          kind: "payment_problem",
          title: "A payment was taken back",
          body: `${amountCents} cents of hail ${order.subject_id}'s payment were ${why}.`,
          link: order.booking_id ? `/bookings/${order.booking_id}` : null,
        },
        trx,
      );
      if (order.booking_id) await hailBookingPaymentFailed(deps, trx, order.booking_id, why);
    },
    returnPath: (order, outcome) => {
      const page =
        outcome === "approved" || outcome === "processing"
          ? outcome
          : outcome === "cancelled"
            ? "cancelled"
            : "failed";
      return `${HAIL_PAGE_PATH}?hail=${order.subject_id}&payment=${page}`;
    },
  });
}
