-- Calendars both ways (issue 25, docs/decisions/022): a private ICS feed of each person's
-- bookings, and creators' external calendars whose busy times block booking, search and hail.

-- ── Feeds out ───────────────────────────────────────────────────────────────────────────────
-- One feed per account. The token in the URL is an HMAC of the server's secret over the user
-- and `nonce`; only its SHA-256 is stored (the lookup key), so the database alone never yields
-- a working URL. Replacing the feed changes the nonce; revoking deletes the row.
create table calendar_feeds (
  user_id text primary key references "user" (id) on delete cascade,
  nonce text not null,
  token_hash text not null unique,
  created_at timestamptz not null default now()
);

-- ── External calendars in ───────────────────────────────────────────────────────────────────
-- A creator's secret ICS addresses (Google, Apple, Outlook). The address is a credential: it is
-- read only by the sync job and never sent back in full (`label` is what screens show).
create table external_calendars (
  id uuid primary key default gen_random_uuid(),
  profile_id uuid not null references photographer_profiles (id) on delete cascade,
  url text not null,
  label text not null,
  created_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  last_synced_at timestamptz,
  last_error text,
  busy_count integer not null default 0,
  unique (profile_id, url)
);
create index external_calendars_attempt_idx on external_calendars (last_attempt_at nulls first);

-- Busy times expanded from those calendars (recurrences within the sync window), replaced as a
-- whole on each successful sync of their calendar.
create table external_busy_times (
  id bigint generated always as identity primary key,
  calendar_id uuid not null references external_calendars (id) on delete cascade,
  profile_id uuid not null references photographer_profiles (id) on delete cascade,
  start_time timestamptz not null,
  end_time timestamptz not null,
  check (end_time > start_time)
);
create index external_busy_times_profile_idx on external_busy_times (profile_id, end_time, start_time);
create index external_busy_times_calendar_idx on external_busy_times (calendar_id);

-- Search's date filter and the free-time twin (migration 091) now subtract external busy times
-- exactly as they subtract live bookings: widened by the creator's buffer.
create or replace function creator_free_time(
  p_profile uuid, p_owner text, p_zone text, p_notice_minutes integer, p_buffer_minutes integer,
  p_day date, p_now timestamptz
) returns tstzmultirange
  language sql stable parallel safe
as $$
  with span as (
    select tstzrange(p_day::timestamp at time zone p_zone, (p_day + 1)::timestamp at time zone p_zone) as r
  ), one_offs as (
    select tstzrange(s.start_time, s.end_time) * (select r from span) as r
    from availability_slots s
    where s.user_id = p_owner and not s.is_recurring
      and s.start_time < upper((select r from span)) and s.end_time > lower((select r from span))
  ), overrides as (
    select o.start_local, o.end_local from availability_date_overrides o
    where o.profile_id = p_profile and o.local_date = p_day
  ), ruled as (
    select exists (select 1 from availability_weekly_hours w where w.profile_id = p_profile)
      or exists (select 1 from availability_date_overrides o where o.profile_id = p_profile)
      or exists (select 1 from availability_slots s where s.user_id = p_owner and not s.is_recurring)
      as has_rules
  ), hours as (
    select schedule_local_range(p_day, time '06:00', time '23:00', p_zone) as r
    where not (select has_rules from ruled)
    union all
    select schedule_local_range(p_day, o.start_local, o.end_local, p_zone) from overrides o
    where o.start_local is not null
    union all
    select schedule_local_range(p_day, w.start_local, w.end_local, p_zone)
    from availability_weekly_hours w
    where w.profile_id = p_profile and w.weekday = extract(isodow from p_day)
      and not exists (select 1 from overrides)
    union all
    select r from one_offs
  ), busy as (
    select tstzrange(b.start_time - make_interval(mins => p_buffer_minutes),
      b.end_time + make_interval(mins => p_buffer_minutes)) as r
    from bookings b
    where b.creator_profile_id = p_profile
      and b.status in ('pending_payment', 'pending', 'confirmed')
      and b.start_time < upper((select r from span)) + make_interval(mins => p_buffer_minutes)
      and b.end_time > lower((select r from span)) - make_interval(mins => p_buffer_minutes)
    union all
    select tstzrange(x.start_time - make_interval(mins => p_buffer_minutes),
      x.end_time + make_interval(mins => p_buffer_minutes)) as r
    from external_busy_times x
    where x.profile_id = p_profile
      and x.start_time < upper((select r from span)) + make_interval(mins => p_buffer_minutes)
      and x.end_time > lower((select r from span)) - make_interval(mins => p_buffer_minutes)
    union all
    select tstzrange(null, p_now + make_interval(mins => p_notice_minutes))
  )
  select coalesce((select range_agg(r) from hours), '{}'::tstzmultirange)
    - coalesce((select range_agg(r) from busy), '{}'::tstzmultirange)
$$;

create or replace function creator_free_on(
  p_profile uuid, p_owner text, p_zone text, p_notice_minutes integer, p_buffer_minutes integer,
  p_day date, p_now timestamptz, p_minutes integer
) returns boolean
  language plpgsql stable parallel safe
as $$
declare
  day_start timestamptz := p_day::timestamp at time zone p_zone;
  day_end timestamptz := (p_day + 1)::timestamp at time zone p_zone;
  hours tstzrange;
begin
  if not exists (select 1 from availability_weekly_hours w where w.profile_id = p_profile)
    and not exists (select 1 from availability_date_overrides o where o.profile_id = p_profile)
    and not exists (select 1 from availability_slots s where s.user_id = p_owner and not s.is_recurring)
    and not exists (select 1 from bookings b
      where b.creator_profile_id = p_profile
        and b.status in ('pending_payment', 'pending', 'confirmed')
        and b.start_time < day_end + make_interval(mins => p_buffer_minutes)
        and b.end_time > day_start - make_interval(mins => p_buffer_minutes))
    and not exists (select 1 from external_busy_times x
      where x.profile_id = p_profile
        and x.start_time < day_end + make_interval(mins => p_buffer_minutes)
        and x.end_time > day_start - make_interval(mins => p_buffer_minutes))
  then
    hours := schedule_local_range(p_day, time '06:00', time '23:00', p_zone)
      - tstzrange(null, p_now + make_interval(mins => p_notice_minutes));
    return not isempty(hours) and upper(hours) - lower(hours) >= make_interval(mins => p_minutes);
  end if;
  return exists (
    select 1 from unnest(creator_free_time(p_profile, p_owner, p_zone, p_notice_minutes,
      p_buffer_minutes, p_day, p_now)) f
    where upper(f) - lower(f) >= make_interval(mins => p_minutes)
  );
end;
$$;
