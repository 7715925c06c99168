import type { DB } from "./schema.ts";

/**
 * The domain that owns each table (docs/decisions/007-table-ownership.md): only its folder
 * (`server/features/<domain>/`, or `server/platform/` for "platform") names the table in a query.
 * `readers` may read it directly (each with its reason); nobody else does, and only the owner
 * writes. Migrations' triggers, the factories and the demo seed are outside the rule.
 * Checked by table-owners.unit.test.ts.
 */
export const TABLE_OWNERS = {
  // Better Auth's tables: written by Better Auth itself, read by the accounts feature.
  user: {
    owner: "accounts",
    readers: ["bookings", "messaging", "notifications", "reviews", "admin", "calendars"],
  },
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
  admin_users: { owner: "staff", readers: ["admin"] },
  admin_notifications: { owner: "staff" },
  admin_notification_reads: { owner: "staff" },
  // Staff-deactivated users: auth refuses their sessions, profiles stops listing them.
  user_deactivations: { owner: "admin", readers: ["platform", "profiles"] },

  applications: { owner: "applications" },

  photographer_profiles: {
    owner: "profiles",
    readers: [
      "search",
      "bookings",
      "availability",
      "hail",
      "messaging",
      "reviews",
      "payouts",
      "admin",
      "calendars",
    ],
  },
  portfolio_items: { owner: "profiles" },
  portfolio_likes: { owner: "profiles" },
  portfolio_comments: { owner: "profiles" },
  creator_documents: { owner: "profile-setup" },

  bookings: {
    owner: "bookings",
    readers: [
      "search",
      "admin",
      "availability",
      "hail",
      "messaging",
      "reviews",
      "payouts",
      "calendars",
    ],
  },
  // The feed counts a booking's events for its SEQUENCE (how often it changed).
  booking_events: { owner: "bookings", readers: ["admin", "calendars"] },
  payment_orders: { owner: "payments" },
  payment_ledger: { owner: "payments", readers: ["payouts", "admin"] },
  payment_webhook_events: { owner: "payments" },
  deliveries: { owner: "delivery", readers: ["payouts", "admin"] },
  delivery_files: { owner: "delivery" },
  delivery_favourites: { owner: "delivery" },
  // Written by every staff action (server/features/staff/audit.ts), in the action's transaction;
  // the back office lists it.
  staff_audit_log: { owner: "staff", readers: ["admin"] },
  reviews: { owner: "reviews", readers: ["profiles"] },
  availability_slots: { owner: "availability", readers: ["search", "bookings"] },
  availability_weekly_hours: { owner: "availability", readers: ["search", "bookings"] },
  availability_date_overrides: { owner: "availability", readers: ["search", "bookings"] },
  creator_presence: { owner: "availability", readers: ["hail", "messaging"] },
  // Calendars both ways (issue 25): a person's private booking feed; a creator's external
  // calendars and their busy times, which block booking, search (in SQL) and hail matching.
  calendar_feeds: { owner: "calendars" },
  external_calendars: { owner: "availability" },
  external_busy_times: { owner: "availability", readers: ["hail"] },
  hails: { owner: "hail", readers: ["admin"] },
  hail_offers: { owner: "hail" },
  conversations: { owner: "messaging", readers: ["admin"] },
  conversation_members: { owner: "messaging" },
  messages: { owner: "messaging" },
  message_attachments: { owner: "messaging" },
  conversation_reports: { owner: "messaging", readers: ["admin"] },
  // Written by the event stream (GET /api/events) while a tab is open; messaging reads it for
  // the client's online dot.
  user_activity: { owner: "events", readers: ["messaging"] },
  notifications: { owner: "notifications" },
  user_preferences: { owner: "notifications", readers: ["messaging"] },
  // Each device a person opted in to Web Push on (docs/push.md).
  push_subscriptions: { owner: "notifications" },
  // Commission tiers and payouts (issue 14): the tier history, the payout ledger, payouts.
  creator_tiers: { owner: "payouts" },
  creator_tier_history: { owner: "payouts" },
  payouts: { owner: "payouts" },
  payout_lines: { owner: "payouts", readers: ["admin"] },
} as const satisfies Record<keyof DB, { owner: string; readers?: readonly string[] }>;

export type TableName = keyof typeof TABLE_OWNERS;
