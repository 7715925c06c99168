-- Bookings and payments (issue 11, docs/decisions/017). A booking is priced and held through
-- one payment order: the deposit is captured at once, the remainder stays authorized (a hold)
-- until the session is over. Every amount that moves is a line in payment_ledger.

-- Each creator's IANA time zone: booking times are the creator's local wall-clock times.
alter table photographer_profiles
  add column time_zone text not null default 'America/New_York'
    check (length(time_zone) between 1 and 64);

alter table bookings
  add column payment_provider text not null default 'sandbox'
    check (payment_provider in ('sandbox', 'paypal')),
  -- When an unpaid booking lapses (pending_payment) and when an unanswered request does (pending).
  add column pay_by timestamptz,
  add column respond_by timestamptz,
  add column deposit_capture_id text,
  -- The remainder's hold: the provider authorization behind it and how long it lasts.
  add column hold_authorization_id text,
  add column hold_state text not null default 'none'
    check (hold_state in ('none', 'active', 'renewal_needed', 'captured', 'voided')),
  add column hold_honored_until timestamptz,
  add column hold_valid_until timestamptz,
  add column hold_reauthorized boolean not null default false,
  -- A second order the client approves when the first hold could not be kept.
  add column renewal_order_id text unique,
  add column problem_reported_at timestamptz,
  -- What the deposit refund should be, decided by the transition that ended the booking
  -- (decline, expiry, cancellation policy); the settlement job pays it.
  add column deposit_refund_cents integer check (deposit_refund_cents >= 0),
  add column cancelled_by text check (cancelled_by in ('client', 'creator', 'staff'));

create index bookings_pay_by_idx on bookings (pay_by) where status = 'pending_payment';
create index bookings_respond_by_idx on bookings (respond_by) where status = 'pending';

alter table booking_events
  add column actor_role text not null default 'system'
    check (actor_role in ('client', 'creator', 'staff', 'system'));

-- Every amount moved for a booking, one line per provider operation: a booking's money can be
-- explained line by line. (booking, kind, provider_ref) is unique, so replaying an operation
-- (return URL and webhook racing, a retried job) records it once.
create table payment_ledger (
  id bigint generated always as identity primary key,
  booking_id uuid not null references bookings (id) on delete restrict,
  kind text not null check (kind in
    ('authorization', 'deposit_capture', 'remainder_capture', 'refund', 'void', 'reauthorization')),
  amount_cents integer not null check (amount_cents >= 0),
  currency char(3) not null default 'USD',
  provider text not null check (provider in ('sandbox', 'paypal')),
  provider_ref text not null,
  status text not null,
  created_at timestamptz not null default now(),
  unique (booking_id, kind, provider_ref)
);
create index payment_ledger_booking_idx on payment_ledger (booking_id, id);

-- Provider webhook deliveries, each processed once (PayPal retries up to 25 times).
create table payment_webhook_events (
  event_id text primary key,
  event_type text not null,
  resource_id text,
  received_at timestamptz not null default now()
);

-- The built-in sandbox provider's own state: orders, authorizations, captures and refunds,
-- kept like a provider keeps them so `npm start` pays end to end with no account.
create table sandbox_payments (
  id text primary key,
  -- Creation order: a frozen test clock gives equal timestamps, and an order lists its
  -- authorizations and captures oldest first.
  seq bigint generated always as identity,
  kind text not null check (kind in ('order', 'authorization', 'capture', 'refund')),
  parent_id text references sandbox_payments (id) on delete cascade,
  status text not null,
  amount_cents integer not null check (amount_cents >= 0),
  currency char(3) not null default 'USD',
  data jsonb not null default '{}',
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sandbox_payments_parent_idx on sandbox_payments (parent_id);

-- Provider requests already answered, by their idempotency key (PayPal-Request-Id's twin).
create table sandbox_payment_requests (
  request_id text primary key,
  response jsonb not null,
  created_at timestamptz not null default now()
);
