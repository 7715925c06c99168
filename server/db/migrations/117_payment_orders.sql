-- The payments domain's own books (docs/decisions/021). Every provider order we create is a
-- row here, whatever it pays for: a booking's deposit, a booking's remaining balance, or a
-- hail. Bookings and hails no longer keep provider ids of their own beyond the spec's
-- bookings.paypal_order_id (the deposit's order).
--
-- A booking's money is now two orders: the deposit, charged when the client books (intent
-- CAPTURE, no merchant capability needed), and the remaining balance, which the client
-- approves in the days before the session: held (intent AUTHORIZE, captured once after the
-- session, inside PayPal's 3-day honour period) where the merchant can authorize, charged at
-- approval where it cannot. No authorization is ever captured twice or reauthorized.
create table payment_orders (
  id uuid primary key default gen_random_uuid(),
  purpose text not null check (purpose in ('booking_deposit', 'booking_remainder', 'hail')),
  -- What the order pays for: the booking (deposit, remainder) or the hail.
  subject_id uuid not null,
  -- The booking whose money this is (a hail's order once a creator accepted it).
  booking_id uuid references bookings (id) on delete restrict,
  provider text not null check (provider in ('sandbox', 'paypal')),
  -- Null until the provider answered the create request (the row is written first).
  provider_order_id text,
  intent text not null check (intent in ('CAPTURE', 'AUTHORIZE')),
  amount_cents integer not null check (amount_cents >= 100),
  currency char(3) not null default 'USD',
  status text not null default 'creating' check (status in (
    'creating',        -- written, provider not answered yet
    'awaiting_buyer',  -- the buyer has to approve (again, after a declined funding source)
    'approved',        -- approved, not captured yet (a hail's CAPTURE order until an accept)
    'authorized',      -- held (AUTHORIZE), to be captured once
    'pending',         -- the provider is processing an authorization or capture (PENDING)
    'captured',        -- the money is in
    'voided',          -- a hold released, nothing taken
    'failed',          -- refused for good (denied, declined capture); nothing taken
    'expired',         -- never approved in time, or replaced by a newer order
    'cancelled')),     -- the subject ended before the buyer approved
  approve_url text,
  -- PayPal's window: the buyer approves within 3 hours of the order's creation.
  approve_by timestamptz,
  authorization_id text,
  capture_id text,
  -- Attempt number of this purpose for this subject: part of the provider request ids.
  attempt integer not null default 1 check (attempt >= 1),
  failure text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (purpose, subject_id, attempt)
);
-- At most one live order per purpose and subject.
create unique index payment_orders_one_live on payment_orders (purpose, subject_id)
  where status in ('creating', 'awaiting_buyer', 'approved', 'authorized', 'pending', 'captured');
create index payment_orders_provider_order_idx on payment_orders (provider_order_id);
create index payment_orders_booking_idx on payment_orders (booking_id) where booking_id is not null;
create index payment_orders_authorization_idx on payment_orders (authorization_id)
  where authorization_id is not null;
create index payment_orders_capture_idx on payment_orders (capture_id) where capture_id is not null;
create index payment_orders_pending_idx on payment_orders (updated_at) where status = 'pending';

-- Ledger lines name the order they belong to; refunds say what they give back.
alter table payment_ledger
  add column payment_order_id uuid references payment_orders (id) on delete restrict,
  drop constraint payment_ledger_kind_check,
  add constraint payment_ledger_kind_check check (kind in (
    'authorization', 'deposit_capture', 'remainder_capture',
    -- refund: of the deposit; remainder_refund: of a balance captured before a session that
    -- did not happen; overcapture_refund: what a hail charged above the winner's total
    'refund', 'remainder_refund', 'overcapture_refund',
    'void', 'reauthorization',
    -- money PayPal took back after it was ours (chargeback, reversal, a dashboard refund)
    'reversal'));

-- The remaining balance's state, kept by the payments domain's handlers in bookings.
alter table bookings
  add column remainder_state text not null default 'none' check (remainder_state in (
    'none',        -- nothing to collect (a zero balance)
    'awaiting',    -- the client has to approve it (from the window's opening to the deadline)
    'processing',  -- the provider is processing the approval or the capture
    'held',        -- authorized, captured after the session
    'paid',        -- captured
    'released',    -- the booking ended: the hold voided or the balance refunded
    'unpaid'));    -- never collected: staff follow it up

-- Existing bookings keep their one order (deposit captured from it, remainder held on it).
insert into payment_orders
  (purpose, subject_id, booking_id, provider, provider_order_id, intent, amount_cents, currency,
   status, authorization_id, capture_id, created_at, updated_at)
select 'booking_deposit', b.id, b.id, b.payment_provider, b.paypal_order_id, 'AUTHORIZE',
       greatest(b.total_amount_cents, 100), b.currency,
       case when b.deposit_capture_id is not null then 'captured'
            when b.status = 'pending_payment' then 'awaiting_buyer'
            else 'expired' end,
       b.hold_authorization_id, b.deposit_capture_id, b.created_at, b.updated_at
from bookings b
where b.paypal_order_id is not null;

insert into payment_orders
  (purpose, subject_id, booking_id, provider, provider_order_id, intent, amount_cents, currency,
   status, authorization_id, attempt, created_at, updated_at)
select 'booking_remainder', b.id, b.id, b.payment_provider, b.paypal_order_id, 'AUTHORIZE',
       b.remainder_cents, b.currency,
       case b.hold_state when 'active' then 'authorized' when 'captured' then 'captured'
            else 'voided' end,
       b.hold_authorization_id, 1, b.created_at, b.updated_at
from bookings b
where b.hold_authorization_id is not null and b.remainder_cents >= 100
  and b.hold_state in ('active', 'captured', 'voided');

update bookings set remainder_state = case
  when remainder_cents = 0 then 'none'
  when hold_state = 'active' then 'held'
  when hold_state = 'captured' then 'paid'
  when hold_state = 'voided' then 'released'
  else 'awaiting' end;

update payment_ledger l set payment_order_id = o.id
from payment_orders o
where o.booking_id = l.booking_id
  and o.purpose = case when l.kind = 'remainder_capture' then 'booking_remainder'
                       else 'booking_deposit' end;

alter table bookings
  drop column deposit_capture_id,
  drop column hold_authorization_id,
  drop column hold_state,
  drop column hold_honored_until,
  drop column hold_valid_until,
  drop column hold_reauthorized,
  drop column renewal_order_id;

-- A hail's money is its payment order (purpose 'hail'); live and waiting hails keep theirs.
insert into payment_orders
  (purpose, subject_id, booking_id, provider, provider_order_id, intent, amount_cents, currency,
   status, authorization_id, created_at, updated_at)
select 'hail', h.id, h.booking_id, h.payment_provider, h.paypal_order_id, 'AUTHORIZE',
       h.max_total_cents, h.currency,
       case when h.authorization_id is not null then 'authorized' else 'awaiting_buyer' end,
       h.authorization_id, h.created_at, h.created_at
from hails h
where h.paypal_order_id is not null and h.status in ('awaiting_payment', 'live');

alter table hails drop column authorization_id;
