-- After the session (issue 14, docs/decisions/020): the tables the delivery, reviews, payouts
-- and back-office domains share. Each domain adds its own tables in its own migration (111+).

-- When the remainder was captured and the booking completed: the review window and the
-- payout ledger count from here. The commission tier is fixed when the booking is confirmed.
alter table bookings
  add column completed_at timestamptz,
  add column commission_tier text check (commission_tier in ('starter', 'pro', 'elite', 'vip')),
  add column commission_percent smallint check (commission_percent between 0 and 100);
create index bookings_completed_at_idx on bookings (completed_at) where status = 'completed';

-- One delivery per booking: the creator uploads files while it is a draft, delivers it (the
-- client is told), and the client accepts it — or it is accepted automatically at accept_by
-- unless the client reported a problem (disputed: the payout waits for staff).
create table deliveries (
  booking_id uuid primary key references bookings (id) on delete restrict,
  status text not null default 'draft'
    check (status in ('draft', 'delivered', 'accepted', 'disputed')),
  -- An optional link for video deliveries (https only, checked by the API).
  video_url text check (video_url is null or length(video_url) <= 2000),
  message text check (message is null or length(message) <= 2000),
  delivered_at timestamptz,
  accept_by timestamptz,
  accepted_at timestamptz,
  accepted_by text check (accepted_by in ('client', 'system', 'staff')),
  problem_reported_at timestamptz,
  problem_text text check (problem_text is null or length(problem_text) <= 2000),
  problem_resolved_at timestamptz,
  problem_resolution text check (problem_resolution is null or length(problem_resolution) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (status = 'draft' or delivered_at is not null),
  check (status <> 'accepted' or (accepted_at is not null and accepted_by is not null)),
  check (status <> 'disputed' or problem_reported_at is not null)
);
create index deliveries_accept_by_idx on deliveries (accept_by) where status = 'delivered';
create index deliveries_disputed_idx on deliveries (problem_reported_at) where status = 'disputed';

-- Every staff action, who did it, to what, and why. Written in the action's own transaction.
create table staff_audit_log (
  id bigint generated always as identity primary key,
  actor_user_id text not null references "user" ("id") on delete restrict,
  action text not null check (length(action) between 1 and 64),
  target_type text not null check (length(target_type) between 1 and 32),
  target_id text not null,
  reason text check (reason is null or length(reason) <= 2000),
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index staff_audit_log_target_idx on staff_audit_log (target_type, target_id, id desc);
