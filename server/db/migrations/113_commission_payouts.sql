-- Commission tiers and payouts (issue 14, server/features/payouts). Amounts in integer cents.

-- Each creator's current tier, recomputed by the daily job; VIP only by staff invitation
-- (vip_invited_at set), which outranks the computed tier until staff remove it.
create table creator_tiers (
  creator_profile_id uuid primary key references photographer_profiles (id) on delete cascade,
  tier text not null check (tier in ('starter', 'pro', 'elite', 'vip')),
  computed_on date,
  vip_invited_at timestamptz,
  vip_invited_by text references "user" ("id") on delete set null,
  updated_at timestamptz not null default now()
);

-- One snapshot per creator per day (UTC): what the tier was computed from. Elite needs the
-- rating at or above 4.8 on every snapshot of the last 6 months, and a history that long.
create table creator_tier_history (
  creator_profile_id uuid not null references photographer_profiles (id) on delete cascade,
  day date not null,
  jobs_completed integer not null check (jobs_completed >= 0),
  rating numeric(3, 2) not null,
  tier text not null check (tier in ('starter', 'pro', 'elite', 'vip')),
  created_at timestamptz not null default now(),
  primary key (creator_profile_id, day)
);

-- A payout of one booking's net to its creator. paypal: pending → processing → paid | failed
-- (staff retry: processing again, with a new attempt and sender_batch_id). direct_deposit and
-- stripe: manual_pending → sent, by staff. Only paid and sent write the ledger's payout line.
create table payouts (
  id uuid primary key default gen_random_uuid(),
  creator_profile_id uuid not null references photographer_profiles (id) on delete restrict,
  booking_id uuid not null unique references bookings (id) on delete restrict,
  amount_cents integer not null check (amount_cents > 0),
  currency char(3) not null default 'USD',
  method text not null check (method in ('paypal', 'direct_deposit', 'stripe')),
  status text not null
    check (status in ('pending', 'processing', 'paid', 'failed', 'manual_pending', 'sent')),
  receiver_email text,
  bank_account_last4 char(4),
  attempt integer not null default 1 check (attempt >= 1),
  -- PayPal refuses a sender_batch_id it has seen: a retry of one attempt cannot pay twice.
  sender_batch_id text unique,
  provider_batch_id text,
  provider_item_id text,
  provider_status text,
  failure_reason text,
  due_at timestamptz not null,
  paid_at timestamptz,
  sent_by text references "user" ("id") on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index payouts_creator_idx on payouts (creator_profile_id, created_at desc);
create index payouts_open_idx on payouts (status, due_at)
  where status in ('pending', 'processing', 'failed', 'manual_pending');

-- The payout ledger. account 'creator' lines make a creator's balance (their sum); 'platform'
-- lines are what the platform keeps (commission, the client's service fee). Each booking line
-- names the payment_ledger row it derives from, so it traces to a provider movement.
create table payout_lines (
  id bigint generated always as identity primary key,
  creator_profile_id uuid not null references photographer_profiles (id) on delete restrict,
  account text not null check (account in ('creator', 'platform')),
  kind text not null
    check (kind in ('earning', 'commission', 'service_fee', 'refund', 'adjustment', 'payout')),
  amount_cents integer not null,
  currency char(3) not null default 'USD',
  booking_id uuid references bookings (id) on delete restrict,
  payment_ledger_id bigint references payment_ledger (id) on delete restrict,
  payout_id uuid references payouts (id) on delete restrict,
  note text check (note is null or length(note) <= 500),
  created_by text references "user" ("id") on delete set null,
  created_at timestamptz not null default now(),
  check (kind <> 'payout' or payout_id is not null),
  check (kind = 'adjustment' or kind = 'payout' or booking_id is not null)
);
create index payout_lines_creator_idx on payout_lines (creator_profile_id, id desc);
create index payout_lines_booking_idx on payout_lines (booking_id);
-- Written once: a booking's line of a kind per provider movement, a payout's line once.
create unique index payout_lines_movement_once on payout_lines
  (booking_id, kind, account, payment_ledger_id) where kind in ('earning', 'commission', 'service_fee', 'refund');
create unique index payout_lines_payout_once on payout_lines (payout_id) where kind = 'payout';

-- Bookings confirmed before tiers existed take their creator's tier of today (no history yet,
-- so at most Pro).
update bookings b
   set commission_tier = t.tier,
       commission_percent = case t.tier when 'pro' then 15 else 20 end
  from (select id,
               case when jobs_completed >= 10 and rating_avg >= 4.5 then 'pro' else 'starter' end as tier
          from photographer_profiles) t
 where t.id = b.creator_profile_id
   and b.status in ('confirmed', 'completed')
   and b.commission_tier is null;
