import { TIER_PERCENT } from "../contracts/payouts.ts";
import { registerBookingPayments } from "./features/bookings/booking-payments.ts";
import { lendCardFacts } from "./features/bookings/card-extras.ts";
import { onBookingTransition } from "./features/bookings/transition-subscribers.ts";
import { deliveryStatuses } from "./features/delivery/statuses.ts";
import { registerHailPayments } from "./features/hail/hail-payments.ts";
import { HAIL_JOBS } from "./features/hail/job-names.ts";
import { registerWebhook } from "./features/payments/service.ts";
import { payoutsAfterTransition } from "./features/payouts/after-booking-transition.ts";
import { paidOutBookings } from "./features/payouts/paid-out.ts";
import { refreshPayoutItem } from "./features/payouts/payout-service.ts";
import { currentTier } from "./features/payouts/tiers.ts";
import { reviewedBy } from "./features/reviews/reviewed-by.ts";
import type { AppDeps } from "./platform/deps.ts";

// Where the domains learn what happens below them (docs/decisions/021): a lower domain calls
// the handlers an upper one registers here, so imports point down only — payments knows
// nothing of bookings, hail or payouts, and bookings nothing of hail or payouts. Called by
// createApp and startJobs; once per deps.

const wired = new WeakSet<AppDeps>();

export function wireDomains(deps: AppDeps) {
  if (wired.has(deps)) return;
  wired.add(deps);
  registerBookingPayments(deps);
  registerHailPayments(deps);
  registerWebhook(deps, "PAYMENT.PAYOUTS-ITEM.", async (d, event) => {
    if (event.resourceId) await refreshPayoutItem(d, event.resourceId);
  });
  onBookingTransition(deps, (_d, trx, done) => payoutsAfterTransition(trx, done));
  // What a booking card shows of the domains above bookings.
  lendCardFacts(deps, {
    commissionPercentNow: async (db, profileId, now) =>
      TIER_PERCENT[await currentTier(db, profileId, now)],
    deliveryStatuses,
    paidOut: paidOutBookings,
    reviewedBy,
  });
  // A creator's cancellation counts toward hail's repeat-canceller flag.
  onBookingTransition(deps, async (d, trx, done) => {
    if (
      done.actor === "creator" &&
      (done.name === "cancelConfirmed" || done.name === "cancelRequest")
    ) {
      await d.jobs.send(
        HAIL_JOBS.creatorCancelled,
        { bookingId: done.booking.id },
        { executor: trx },
      );
    }
  });
}
