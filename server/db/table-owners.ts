import type { DB } from "./schema.ts";

/**
 * The domain that owns each table (docs/decisions/007-table-ownership.md): only its folder
 * (`server/features/<domain>/`, or `server/platform/` for "platform") names the table in a query,
 * and only the owner writes. Another domain reads through the owner's service or a read
 * fragment it exports (`*-fragments.ts`, e.g. `bookingRows`). `readers` are the few exceptions
 * that read the table directly, each with its reason (at most MAX_READER_EXCEPTIONS).
 * Migrations' triggers, the factories and the demo seed are outside the rule.
 * Checked by table-owners.unit.test.ts.
 */
export const MAX_READER_EXCEPTIONS = 10;
export const TABLE_OWNERS = {
  // Better Auth's tables: written by Better Auth itself, read by the accounts feature.
  user: { owner: "accounts" },
  session: { owner: "accounts" },
  account: { owner: "accounts" },
  verification: { owner: "accounts" },
  rateLimit: { owner: "accounts" },
  twoFactor: { owner: "accounts" },

  auth_attempts: { owner: "platform" },
  idempotency_keys: { owner: "platform" },
  mail_outbox: { owner: "platform" },
  realtime_events: { owner: "platform" },
  realtime_events_pruned: { owner: "platform" },
  // The built-in sandbox payment provider's own books (server/features/payments/sandbox/).
  sandbox_payments: { owner: "payments" },
  sandbox_payment_requests: { owner: "payments" },

  // Who is staff, what staff are told (server/features/staff): below every domain that tells them.
  admin_users: { owner: "staff" },
  admin_notifications: { owner: "staff" },
  admin_notification_reads: { owner: "staff" },
  // Staff-deactivated users: auth refuses their sessions, profiles stops listing them.
  user_deactivations: {
    owner: "admin",
    readers: {
      platform:
        "auth refuses a deactivated person a new session (platform/auth-queries.ts); platform imports no feature",
      profiles:
        "the listed rule (listedSql) leaves deactivated creators out; the back office that owns the table is the top layer, so profiles cannot import from it",
    },
  },

  applications: { owner: "applications" },

  photographer_profiles: {
    owner: "profiles",
    readers: {
      search:
        "its prepared statements walk the table's own partial indexes in one statement (decision 009); the listed rule, name and cover come from profiles' fragments",
      availability:
        "the presence sweep locks the profiles it takes offline (FOR UPDATE SKIP LOCKED), and free time reads a creator's notice and buffer in the same statement",
    },
  },
  portfolio_items: { owner: "profiles" },
  portfolio_likes: { owner: "profiles" },
  portfolio_comments: { owner: "profiles" },
  creator_documents: { owner: "profile-setup" },

  bookings: {
    owner: "bookings",
    readers: {
      availability:
        "free time subtracts the creator's live bookings; availability sits below bookings (it cannot import bookings' fragments) and bookings asks it for free time",
    },
  },
  booking_events: { owner: "bookings" },
  payment_orders: { owner: "payments" },
  payment_ledger: { owner: "payments" },
  payment_webhook_events: { owner: "payments" },
  deliveries: { owner: "delivery" },
  delivery_files: { owner: "delivery" },
  delivery_favourites: { owner: "delivery" },
  // Written by every staff action (server/features/staff/audit.ts), in the action's transaction;
  // the back office lists it.
  staff_audit_log: { owner: "staff" },
  reviews: {
    owner: "reviews",
    readers: {
      profiles:
        "a public profile lists its published reviews; profiles sits below reviews, which reads profiles",
    },
  },
  availability_slots: { owner: "availability" },
  availability_weekly_hours: { owner: "availability" },
  availability_date_overrides: { owner: "availability" },
  creator_presence: { owner: "availability" },
  // Calendars both ways (issue 25): a person's private booking feed; a creator's external
  // calendars and their busy times, which block booking, search (in SQL) and hail matching.
  calendar_feeds: { owner: "calendars" },
  external_calendars: { owner: "availability" },
  external_busy_times: { owner: "availability" },
  hails: { owner: "hail" },
  hail_offers: { owner: "hail" },
  conversations: { owner: "messaging" },
  conversation_members: { owner: "messaging" },
  messages: { owner: "messaging" },
  message_attachments: { owner: "messaging" },
  conversation_reports: { owner: "messaging" },
  // Written by the event stream (GET /api/events) while a tab is open; messaging reads it for
  // the client's online dot.
  user_activity: { owner: "events" },
  notifications: { owner: "notifications" },
  user_preferences: { owner: "notifications" },
  // Each device a person opted in to Web Push on (docs/push.md).
  push_subscriptions: { owner: "notifications" },
  // Commission tiers and payouts (issue 14): the tier history, the payout ledger, payouts.
  creator_tiers: { owner: "payouts" },
  creator_tier_history: { owner: "payouts" },
  payouts: { owner: "payouts" },
  payout_lines: { owner: "payouts" },
} as const satisfies Record<keyof DB, TableRule>;

type TableRule = {
  owner: string;
  /** Reader domain → why it reads the table directly instead of through the owner's exports. */
  readers?: Readonly<Record<string, string>>;
};

export type TableName = keyof typeof TABLE_OWNERS;
