-- Schedules in search (issue 12): a creator's free time on a local date, the SQL twin of
-- server/features/availability/schedule-free-time.ts (schedule-free-time.test.ts runs both over
-- the same cases, DST included). `timestamp AT TIME ZONE zone` reads a skipped local time with
-- the offset before the change and a repeated one as the later instant — Temporal's
-- disambiguation "later", which the TypeScript side uses.

-- A local range of a date as instants; empty when the clock change makes it end before it starts.
create function schedule_local_range(d date, s time, e time, zone text) returns tstzrange
  language sql stable parallel safe
  return case when (d + e) at time zone zone > (d + s) at time zone zone
    then tstzrange((d + s) at time zone zone, (d + e) at time zone zone)
    else 'empty'::tstzrange end;

-- Free time of `day` (a date in `zone`): the schedule's hours of that date (a creator with no
-- schedule at all: 06:00–23:00, SCHEDULE.defaultHours; an override of the date replaces its
-- weekly hours; one-off times add), minus live bookings widened by the buffer, minus
-- everything before now + the minimum notice.
create function creator_free_time(
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
    select tstzrange(null, p_now + make_interval(mins => p_notice_minutes))
  )
  select coalesce((select range_agg(r) from hours), '{}'::tstzmultirange)
    - coalesce((select range_agg(r) from busy), '{}'::tstzmultirange)
$$;

-- Search's date filter: at least `p_minutes` of contiguous free time on the date. PL/pgSQL
-- keeps its plans for the session; the common case (no schedule, no booking that day) is
-- answered from the default hours and the notice alone, without building ranges.
create function creator_free_on(
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
