import { z } from "zod";
import { idParam, optionalText } from "./common.ts";
import { COMMISSION_TIERS } from "./constants.ts";

// Commission tiers, the payout ledger and payouts (issue 14): integer cents, ISO dates.

export const TIER_NAMES = ["starter", "pro", "elite", "vip"] as const;
export type TierName = (typeof TIER_NAMES)[number];
export const ZTierName = z.enum(TIER_NAMES);

/** The commission rate of each tier, from the spec's COMMISSION_TIERS. */
export const TIER_PERCENT: Record<TierName, number> = Object.fromEntries(
  COMMISSION_TIERS.map((t) => [t.name.toLowerCase(), t.ratePercent]),
) as Record<TierName, number>;

export const TIER_LABELS: Record<TierName, string> = Object.fromEntries(
  COMMISSION_TIERS.map((t) => [t.name.toLowerCase(), t.name]),
) as Record<TierName, string>;

export const PAYOUT_STATUSES = [
  "pending",
  "processing",
  "paid",
  "failed",
  "manual_pending",
  "sent",
] as const;
export const ZPayoutStatus = z.enum(PAYOUT_STATUSES);
export const PAYOUT_METHODS = ["paypal", "direct_deposit", "stripe"] as const;
export const ZPayoutMethod = z.enum(PAYOUT_METHODS);

export const LINE_KINDS = [
  "earning",
  "commission",
  "service_fee",
  "refund",
  "adjustment",
  "payout",
  "payout_return",
] as const;

export const ZTierProgress = z.object({
  tier: ZTierName,
  percent: z.number().int(),
  jobsCompleted: z.number().int(),
  rating: z.number(),
  /** The next tier reachable by work (none above Elite: VIP is by invitation). */
  next: z
    .object({
      tier: ZTierName,
      percent: z.number().int(),
      bookingsNeeded: z.number().int(),
      minRating: z.number(),
      /** Elite: days the rating must still stay at or above its minimum. */
      daysNeeded: z.number().int(),
    })
    .nullable(),
});
export type TierProgress = z.infer<typeof ZTierProgress>;

export const ZPayoutLine = z.object({
  id: z.number().int(),
  kind: z.enum(LINE_KINDS),
  amountCents: z.number().int(),
  bookingId: z.uuid().nullable(),
  bookingLabel: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const ZPayout = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  bookingLabel: z.string(),
  amountCents: z.number().int(),
  method: ZPayoutMethod,
  status: ZPayoutStatus,
  dueAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  failureReason: z.string().nullable(),
});
export type Payout = z.infer<typeof ZPayout>;

/** A completed booking's net on its way: waiting for the delivery's acceptance, or scheduled. */
export const ZUpcomingPayout = z.object({
  bookingId: z.uuid(),
  bookingLabel: z.string(),
  amountCents: z.number().int(),
  /**
   * When it is paid at the earliest; null while the delivery is not accepted yet, or while the
   * creator has no payout method to pay it to (needs_payout_method).
   */
  expectedAt: z.iso.datetime().nullable(),
  status: z.enum(["awaiting_delivery", "on_hold", "needs_payout_method", ...PAYOUT_STATUSES]),
});
export type UpcomingPayout = z.infer<typeof ZUpcomingPayout>;

export const ZEarningsResponse = z.object({
  tier: ZTierProgress,
  balanceCents: z.number().int(),
  upcoming: z.array(ZUpcomingPayout),
  payouts: z.array(ZPayout),
  lines: z.array(ZPayoutLine),
});
export type EarningsResponse = z.infer<typeof ZEarningsResponse>;

export const ZAdminPayout = ZPayout.extend({
  creatorProfileId: z.uuid(),
  creatorName: z.string(),
  receiverEmail: z.string().nullable(),
  bankAccountLast4: z.string().nullable(),
  attempt: z.number().int(),
  providerStatus: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof ZAdminPayout>;

export const ZAdminPayoutsResponse = z.object({
  manual: z.array(ZAdminPayout),
  failed: z.array(ZAdminPayout),
  recent: z.array(ZAdminPayout),
});
export type AdminPayoutsResponse = z.infer<typeof ZAdminPayoutsResponse>;

export const ZAdminTierRow = z.object({
  creatorProfileId: z.uuid(),
  creatorName: z.string(),
  tier: ZTierName,
  vip: z.boolean(),
  jobsCompleted: z.number().int(),
  rating: z.number(),
  computedOn: z.iso.date().nullable(),
});
export const ZAdminTiersResponse = z.object({ items: z.array(ZAdminTierRow) });
export type AdminTiersResponse = z.infer<typeof ZAdminTiersResponse>;

export const ZPayoutIdParam = idParam("No such payout");
export const ZCreatorIdParam = idParam("No such creator");
export const ZStaffReason = z.object({ reason: optionalText(500) });
export const ZAdminPayoutResponse = z.object({ payout: ZAdminPayout });
export const ZTierChangeResponse = z.object({ tier: ZTierName });

/** Sent to a creator whenever one of their payouts changes status. */
export const ZPayoutChangedEvent = z.object({ id: z.uuid(), status: ZPayoutStatus });
