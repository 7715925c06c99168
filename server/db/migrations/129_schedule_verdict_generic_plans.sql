-- Booking creation's schedule check with generic plans (issue 24). Inside
-- booking_schedule_verdict, PostgreSQL's plan cache chose custom plans for the free-time queries
-- on every call once creators had bookings (its estimate of the generic plans was the higher),
-- so every booking planned them afresh: 1.7 ms of the database's 6.6 ms per booking, measured
-- one booking at a time with log_min_duration_statement; 0.4 ms with generic plans, which look
-- each query up by its indexes whatever the parameters. Set on the verdict, the mode holds for
-- the functions it calls and nowhere else (search chooses its own, decision 009).
alter function booking_schedule_verdict(uuid, date, timestamptz, timestamptz, timestamptz)
  set plan_cache_mode = force_generic_plan;
