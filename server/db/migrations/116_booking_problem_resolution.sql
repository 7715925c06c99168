-- Staff settle a problem a client reported with a session: the session is completed (the
-- remainder is captured and the creator is paid) or the booking is cancelled with the deposit
-- refunded in full. Until then the remainder stays uncaptured and the booking stays confirmed.
alter table bookings
  add column problem_resolved_at timestamptz,
  add column problem_outcome text check (problem_outcome in ('complete', 'refund')),
  add column problem_resolution text
    check (problem_resolution is null or length(problem_resolution) between 1 and 2000),
  add column problem_resolved_by text references "user" ("id") on delete set null,
  add constraint bookings_problem_resolved_check check (
    (problem_resolved_at is null) = (problem_outcome is null)
    and (problem_resolved_at is null) = (problem_resolution is null)
    and (problem_resolved_at is null or problem_reported_at is not null)
  );
