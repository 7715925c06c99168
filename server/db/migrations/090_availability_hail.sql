-- Availability and Hail (issue 12, docs/decisions/018): live presence kept by heartbeats,
-- weekly schedules in the creator's own zone, and hails — an instant request to the creators
-- online nearby, first to accept wins.

-- ── Live presence ───────────────────────────────────────────────────────────────────────────
-- photographer_profiles keeps the spec's available_now and the exact live position
-- (travel_lat, travel_lng); only the creator and the server ever read those exactly. A creator
-- is online while heartbeats arrive: the sweep turns off anyone silent for too long. Heartbeats
-- land here, in a narrow table, so the wide, heavily indexed profile row is written only when
-- the creator goes online, moves meaningfully or goes offline.
create table creator_presence (
  profile_id uuid primary key references photographer_profiles (id) on delete cascade,
  online_since timestamptz not null,
  last_seen_at timestamptz not null,
  -- When the exact position was last written (server-side rate limit of position updates).
  position_at timestamptz
);
create index creator_presence_last_seen_idx on creator_presence (last_seen_at);

-- The grid clients see live positions on: a coordinate snapped to the centre of its
-- 0.005-degree cell (about 550 m of latitude, 500 m of longitude in South Florida). Mirrors
-- coarseCoordinate in contracts/availability.ts.
create function coarse_coordinate(value double precision) returns double precision
  language sql immutable parallel safe
  return round((floor(value / 0.005) * 0.005 + 0.0025)::numeric, 4)::double precision;

-- Presence events (migration 060) carry the coarse position only, and only when the cell, the
-- listing or the online state changes: moving inside one cell tells nobody anything.
create or replace function notify_creator_presence() returns trigger language plpgsql as $$
declare
  listed boolean := new.is_published and new.approved;
begin
  if tg_op = 'UPDATE'
    and coarse_coordinate(new.travel_lat) is not distinct from coarse_coordinate(old.travel_lat)
    and coarse_coordinate(new.travel_lng) is not distinct from coarse_coordinate(old.travel_lng)
    and new.available_now = old.available_now
    and new.is_published = old.is_published
    and new.approved = old.approved then
    return new;
  end if;
  perform publish_realtime_event('presence', jsonb_build_object(
    'id', new.id,
    'listed', listed and new.travel_lat is not null and new.travel_lng is not null,
    'lat', case when listed then coarse_coordinate(new.travel_lat) end,
    'lng', case when listed then coarse_coordinate(new.travel_lng) end,
    'availableNow', listed and new.available_now
  ), 'public');
  return new;
end;
$$;

-- ── Schedules ───────────────────────────────────────────────────────────────────────────────
-- Recurring hours are local wall-clock times in the creator's time_zone, never converted to
-- UTC for storage: 9:00–17:00 stays 9:00–17:00 across both DST changes.
alter table photographer_profiles
  add column min_notice_minutes integer not null default 720
    check (min_notice_minutes between 0 and 20160),
  add column buffer_minutes integer not null default 30
    check (buffer_minutes between 0 and 240);

-- Weekly hours: several ranges per ISO weekday (1 = Monday … 7 = Sunday). end_local may be
-- 24:00 (midnight at the end of the day).
create table availability_weekly_hours (
  id uuid primary key default gen_random_uuid(),
  profile_id uuid not null references photographer_profiles (id) on delete cascade,
  weekday smallint not null check (weekday between 1 and 7),
  start_local time not null,
  end_local time not null,
  created_at timestamptz not null default now(),
  check (end_local > start_local)
);
create index availability_weekly_hours_profile_idx on availability_weekly_hours (profile_id, weekday);

-- Date overrides: any row for a date replaces that date's weekly hours. A row without times is
-- a day off; rows with times are that date's hours.
create table availability_date_overrides (
  id uuid primary key default gen_random_uuid(),
  profile_id uuid not null references photographer_profiles (id) on delete cascade,
  local_date date not null,
  start_local time,
  end_local time,
  created_at timestamptz not null default now(),
  check ((start_local is null) = (end_local is null)),
  check (end_local > start_local)
);
create index availability_date_overrides_profile_idx
  on availability_date_overrides (profile_id, local_date);

-- One-off times are the spec's availability_slots rows with is_recurring = false (real
-- instants). Rows that were marked recurring before weekly hours existed mean nothing now.
delete from availability_slots where is_recurring;

-- ── Hail ────────────────────────────────────────────────────────────────────────────────────
create table hails (
  id uuid primary key default gen_random_uuid(),
  client_user_id text not null references "user" ("id") on delete restrict,
  service text not null check (service in ('Photography', 'Videography', 'Content Creation')),
  hours smallint not null check (hours between 1 and 12),
  location text not null check (length(btrim(location)) > 0),
  lat double precision not null check (lat between -90 and 90),
  lng double precision not null check (lng between -180 and 180),
  -- Null: as soon as possible (the winner's arrival decides); else the requested start.
  start_at timestamptz,
  radius_miles smallint not null check (radius_miles > 0),
  notes text,
  status text not null default 'awaiting_payment' check (status in
    ('awaiting_payment', 'live', 'accepted', 'expired', 'cancelled', 'failed')),
  -- The price range quoted from the matching creators' rates, and the amount authorized: the
  -- highest total, so whoever accepts is covered; the winner's own total is what is charged.
  min_total_cents integer not null check (min_total_cents > 0),
  max_total_cents integer not null check (max_total_cents >= min_total_cents),
  currency char(3) not null default 'USD',
  payment_provider text not null check (payment_provider in ('sandbox', 'paypal')),
  paypal_order_id text unique,
  authorization_id text,
  pay_by timestamptz not null,
  live_until timestamptz,
  reached_count integer not null default 0 check (reached_count >= 0),
  accepted_profile_id uuid references photographer_profiles (id) on delete restrict,
  accepted_at timestamptz,
  booking_id uuid unique references bookings (id) on delete restrict,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One open hail per client, even under concurrent requests.
create unique index hails_one_open_per_client on hails (client_user_id)
  where status in ('awaiting_payment', 'live');
create index hails_client_created_idx on hails (client_user_id, created_at desc);
create index hails_live_until_idx on hails (live_until) where status = 'live';
create index hails_pay_by_idx on hails (pay_by) where status = 'awaiting_payment';

-- Who a hail reached, each with what they were shown.
create table hail_offers (
  hail_id uuid not null references hails (id) on delete cascade,
  profile_id uuid not null references photographer_profiles (id) on delete cascade,
  distance_meters integer not null check (distance_meters >= 0),
  -- The creator's own earnings for the session at their rate (subtotal, before commission).
  earnings_cents integer not null check (earnings_cents > 0),
  status text not null default 'offered' check (status in
    ('offered', 'accepted', 'taken', 'declined', 'expired', 'withdrawn')),
  created_at timestamptz not null default now(),
  answered_at timestamptz,
  primary key (hail_id, profile_id)
);
create index hail_offers_open_by_creator_idx on hail_offers (profile_id) where status = 'offered';
