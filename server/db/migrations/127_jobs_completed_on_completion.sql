-- A creator's completed-jobs count changes only when a booking enters or leaves 'completed' (or
-- moves to another creator). Every other status change (paid, accepted, cancelled, …) used to
-- rewrite the creator's profile row with the same count: a wasted write of a searched row.
create or replace function bookings_refresh_jobs_completed() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.status = 'completed' then
      perform refresh_creator_jobs_completed(new.creator_profile_id);
    end if;
  elsif tg_op = 'DELETE' then
    if old.status = 'completed' then
      perform refresh_creator_jobs_completed(old.creator_profile_id);
    end if;
  elsif old.creator_profile_id is distinct from new.creator_profile_id then
    if old.status = 'completed' then
      perform refresh_creator_jobs_completed(old.creator_profile_id);
    end if;
    if new.status = 'completed' then
      perform refresh_creator_jobs_completed(new.creator_profile_id);
    end if;
  elsif (old.status = 'completed') <> (new.status = 'completed') then
    perform refresh_creator_jobs_completed(new.creator_profile_id);
  end if;
  return null;
end;
$$;
