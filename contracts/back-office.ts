import { z } from "zod";
import { ZBookingDetail, ZLedgerLine, ZTimelineEntry } from "./bookings.ts";
import { BOOKING_STATUSES } from "./enums.ts";

// The staff back office (issue 14): figures, bookings, reported problems, users, audit log.

export const ADMIN_PERIODS = ["7d", "30d", "90d", "12m", "all"] as const;
export type AdminPeriod = (typeof ADMIN_PERIODS)[number];
export const ADMIN_PERIOD_LABELS: Record<AdminPeriod, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "12m": "Last 12 months",
  all: "All time",
};
/** The chart of an all-time period shows at most this many weeks, the latest ones. */
export const ADMIN_CHART_MAX_WEEKS = 104;
export const ADMIN_PAGE_SIZE = 20;

export const ZFiguresQuery = z.object({ period: z.enum(ADMIN_PERIODS).default("30d") });

export const ZWeekFigures = z.object({
  /** Monday 00:00 UTC of the week. */
  weekStart: z.iso.datetime(),
  bookings: z.number().int().min(0),
  revenueCents: z.number().int(),
});

export const ZAdminFigures = z.object({
  period: z.enum(ADMIN_PERIODS),
  /** Null for all time. */
  from: z.iso.datetime().nullable(),
  to: z.iso.datetime(),
  currency: z.string(),
  /** Creators listed now (approved, published, not deactivated). */
  activeCreators: z.number().int().min(0),
  /** Distinct creators with a booking paid in the period. */
  bookedCreators: z.number().int().min(0),
  /** Bookings whose deposit was captured in the period. */
  bookings: z.number().int().min(0),
  /** What clients paid in the period: captures minus refunds (payment_ledger). */
  revenueCents: z.number().int(),
  /** The platform's share: the service fees of the period's paid bookings. */
  platformFeeCents: z.number().int(),
  /** The commission kept from creators in the period (the payout ledger's platform lines). */
  commissionCents: z.number().int(),
  weeks: z.array(ZWeekFigures),
});
export type AdminFigures = z.infer<typeof ZAdminFigures>;

const page = z.coerce.number().int().min(1).max(10_000).default(1);

export const ZAdminBookingsQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  page,
});

const ZParty = z.object({ userId: z.string(), name: z.string(), email: z.string() });

export const ZAdminBookingRow = z.object({
  id: z.uuid(),
  status: z.enum(BOOKING_STATUSES),
  client: ZParty,
  creator: ZParty.extend({ profileId: z.uuid() }),
  startTime: z.iso.datetime(),
  totalCents: z.number().int(),
  currency: z.string(),
  createdAt: z.iso.datetime(),
});
export type AdminBookingRow = z.infer<typeof ZAdminBookingRow>;

const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().min(0),
  });

export const ZAdminBookingsPage = paged(ZAdminBookingRow);

export const ZAuditEntry = z.object({
  id: z.string(),
  actor: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string().nullable(),
  at: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAdminTimelineEntry = ZTimelineEntry.extend({
  actorName: z.string().nullable(),
});

export const ZAdminBookingDetail = ZAdminBookingRow.extend({
  ...ZBookingDetail.pick({
    notes: true,
    hourlyRateCents: true,
    subtotalCents: true,
    feeCents: true,
    depositCents: true,
    remainderCents: true,
  }).shape,
  location: z.string(),
  endTime: z.iso.datetime(),
  hours: z.number(),
  eventType: z.string().nullable(),
  paymentProvider: z.string(),
  commissionPercent: z.number().int().nullable(),
  problemReportedAt: z.iso.datetime().nullable(),
  problemResolvedAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
  ledger: z.array(ZLedgerLine.extend({ providerRef: z.string() })),
  timeline: z.array(ZAdminTimelineEntry),
  delivery: z
    .object({
      status: z.enum(["draft", "delivered", "accepted", "disputed"]),
      deliveredAt: z.iso.datetime().nullable(),
      acceptedAt: z.iso.datetime().nullable(),
      problemReportedAt: z.iso.datetime().nullable(),
      problemResolvedAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  /** The parties' conversation about this booking; staff read it through its reports. */
  conversation: z
    .object({
      id: z.uuid(),
      lastMessageAt: z.iso.datetime().nullable(),
      reports: z.array(z.object({ id: z.uuid(), at: z.iso.datetime(), open: z.boolean() })),
    })
    .nullable(),
  audit: z.array(ZAuditEntry),
});
export type AdminBookingDetail = z.infer<typeof ZAdminBookingDetail>;

export const PROBLEM_KINDS = [
  "delivery_dispute",
  "conversation_report",
  "booking_problem",
  "repeat_canceller",
] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

export const ZProblem = z.object({
  kind: z.enum(PROBLEM_KINDS),
  /** Unique within the list (kind and subject). */
  key: z.string(),
  title: z.string(),
  detail: z.string(),
  reportedAt: z.iso.datetime(),
  open: z.boolean(),
  /** Where staff handle it (a screen path). */
  link: z.string().nullable(),
});
export type Problem = z.infer<typeof ZProblem>;
export const ZProblemsResponse = z.object({ items: z.array(ZProblem) });
/** At most this many problems of each kind are listed (newest first). */
export const PROBLEMS_PER_KIND = 100;
/** A client who cancelled this many hails within REPEAT_CANCELLER_DAYS is listed as a problem. */
export const REPEAT_CANCELLER_MIN = 3;
export const REPEAT_CANCELLER_DAYS = 30;

export const USER_ROLES = ["client", "creator", "staff"] as const;

export const ZAdminUsersQuery = z.object({ q: z.string().trim().max(200).optional(), page });

export const ZAdminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  createdAt: z.iso.datetime(),
  deactivated: z
    .object({ reason: z.string(), at: z.iso.datetime(), byName: z.string() })
    .nullable(),
});
export type AdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUsersPage = paged(ZAdminUser);

export const DEACTIVATION_REASON_MAX = 2000;
export const ZDeactivateRequest = z.object({
  reason: z
    .string()
    .trim()
    .min(1, "Please give a reason.")
    .max(DEACTIVATION_REASON_MAX, "The reason is too long."),
});
export const ZAdminUserResponse = z.object({ user: ZAdminUser });

export const ZAdminAuditQuery = z.object({
  action: z.string().trim().max(64).optional(),
  targetType: z.string().trim().max(32).optional(),
  targetId: z.string().trim().max(200).optional(),
  page,
});
export const ZAdminAuditPage = paged(ZAuditEntry);

export const adminBookingPath = (id: string) => `/admin/bookings/${id}`;
/** The delivery of a booking, where staff resolve a dispute (the delivery domain's screen). */
export const deliveryPhotosPath = (bookingId: string) => `/bookings/${bookingId}/photos`;
export const adminAuditForPath = (targetType: string, targetId: string) =>
  `/admin/audit?targetType=${encodeURIComponent(targetType)}&targetId=${encodeURIComponent(targetId)}`;
export const adminUsersSearchPath = (q: string) => `/admin/users?q=${encodeURIComponent(q)}`;
