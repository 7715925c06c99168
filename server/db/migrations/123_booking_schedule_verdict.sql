-- Booking creation's schedule check in one call (issue 24): it was the schedule lock, the
-- creator's settings and six reads (weekly hours, overrides, one-offs, whether any rule exists,
-- live bookings, external busy times) turned into free time by schedule-free-time.ts. Now the
-- SQL twin decides it (schedule-free-time.test.ts keeps the twins equal, DST included).

-- The schedule's hours of `p_day` before bookings and notice: the hours part of
-- creator_free_time (migration 118), which now subtracts its busy times from this.
create function creator_schedule_hours(p_profile uuid, p_owner text, p_zone text, p_day date)
  returns tstzmultirange
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
  )
  select coalesce((select range_agg(r) from hours), '{}'::tstzmultirange)
$$;

create or replace function creator_free_time(
  p_profile uuid, p_owner text, p_zone text, p_notice_minutes integer, p_buffer_minutes integer,
  p_day date, p_now timestamptz
) returns tstzmultirange
  language sql stable parallel safe
as $$
  with span as (
    select tstzrange(p_day::timestamp at time zone p_zone, (p_day + 1)::timestamp at time zone p_zone) as r
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
  select creator_schedule_hours(p_profile, p_owner, p_zone, p_day)
    - coalesce((select range_agg(r) from busy), '{}'::tstzmultirange)
$$;

-- Whether the session [p_start, p_end), starting on the creator's local date `p_day`, may be
-- booked, after taking the creator's schedule lock (the key of lockCreatorSchedule) so two
-- bookings of one creator cannot both squeeze into the buffer between them. The verdict is
-- 'ok' when the session lies inside the free time of its date and the next (a session may run
-- past midnight); otherwise the first reason of: 'outside_hours', 'notice', 'taken' (a live
-- booking overlaps), 'busy' (an external calendar's busy time overlaps), 'buffer'. No row:
-- no such creator. PL/pgSQL: each statement reads after the lock, and keeps its plan.
create function booking_schedule_verdict(
  p_profile uuid, p_day date, p_start timestamptz, p_end timestamptz, p_now timestamptz
) returns table (verdict text, name text, min_notice_minutes integer, buffer_minutes integer)
  language plpgsql volatile
as $$
declare
  o record;
  session tstzrange := tstzrange(p_start, p_end);
begin
  perform pg_advisory_xact_lock(hashtextextended('schedule:' || p_profile::text, 0));
  select p.user_id, p.time_zone, p.min_notice_minutes, p.buffer_minutes,
    coalesce(nullif(btrim(p.full_name), ''), nullif(btrim(p.business_name), ''), 'Photographer') as name
  into o from photographer_profiles p where p.id = p_profile;
  if not found then
    return;
  end if;
  name := o.name;
  min_notice_minutes := o.min_notice_minutes;
  buffer_minutes := o.buffer_minutes;
  verdict := case
    when session <@ (
      creator_free_time(p_profile, o.user_id, o.time_zone, o.min_notice_minutes, o.buffer_minutes, p_day, p_now)
      + creator_free_time(p_profile, o.user_id, o.time_zone, o.min_notice_minutes, o.buffer_minutes, p_day + 1, p_now))
      then 'ok'
    when not session <@ (creator_schedule_hours(p_profile, o.user_id, o.time_zone, p_day)
      + creator_schedule_hours(p_profile, o.user_id, o.time_zone, p_day + 1))
      then 'outside_hours'
    when p_start < p_now + make_interval(mins => o.min_notice_minutes) then 'notice'
    when exists (select 1 from bookings b
      where b.creator_profile_id = p_profile
        and b.status in ('pending_payment', 'pending', 'confirmed')
        and b.start_time < p_end and b.end_time > p_start) then 'taken'
    when exists (select 1 from external_busy_times x
      where x.profile_id = p_profile and x.start_time < p_end and x.end_time > p_start) then 'busy'
    else 'buffer'
  end;
  return next;
end;
$$;
