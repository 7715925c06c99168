import type { DB } from "./schema.ts";

/**
 * The domain that owns each table (docs/decisions/007-table-ownership.md): only its folder
 * (`server/features/<domain>/`, or `server/platform/` for "platform") names the table in a query.
 * `readers` may read it directly; nobody else does, and only the owner writes. A domain with no
 * folder yet (bookings, reviews, availability, messaging) owns tables that today only
 * migrations' triggers, the factories and the demo seed write.
 * Checked by table-owners.unit.test.ts.
 */
export const TABLE_OWNERS = {
  // Better Auth's tables: written by Better Auth itself, read by the accounts feature.
  user: { owner: "accounts", readers: ["bookings"] },
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
  // The built-in sandbox payment provider's own books (server/platform/payments/sandbox.ts).
  sandbox_payments: { owner: "platform" },
  sandbox_payment_requests: { owner: "platform" },

  admin_users: { owner: "admin" },
  admin_notifications: { owner: "admin" },
  admin_notification_reads: { owner: "admin" },

  applications: { owner: "applications" },

  photographer_profiles: {
    owner: "profiles",
    readers: ["search", "bookings", "availability", "hail"],
  },
  portfolio_items: { owner: "profiles" },
  portfolio_likes: { owner: "profiles" },
  portfolio_comments: { owner: "profiles" },
  creator_documents: { owner: "profile-setup" },

  bookings: { owner: "bookings", readers: ["search", "admin", "availability", "hail"] },
  booking_events: { owner: "bookings" },
  payment_ledger: { owner: "bookings" },
  payment_webhook_events: { owner: "bookings" },
  reviews: { owner: "reviews", readers: ["profiles"] },
  availability_slots: { owner: "availability", readers: ["search", "bookings"] },
  availability_weekly_hours: { owner: "availability", readers: ["search", "bookings"] },
  availability_date_overrides: { owner: "availability", readers: ["search", "bookings"] },
  creator_presence: { owner: "availability", readers: ["hail"] },
  hails: { owner: "hail" },
  hail_offers: { owner: "hail" },
  conversations: { owner: "messaging" },
  messages: { owner: "messaging" },
} as const satisfies Record<keyof DB, { owner: string; readers?: readonly string[] }>;

export type TableName = keyof typeof TABLE_OWNERS;
