-- A creator's rating, review count and completed-job count are derived from reviews and
-- bookings. Triggers keep them right whoever writes those rows (API, seed, tests, SQL).
create function refresh_creator_review_stats(profile_id uuid) returns void
language sql as $$
  update photographer_profiles p
     set rating_avg = coalesce(s.avg_rating, 0),
         review_count = s.review_count
    from (select round(avg(rating)::numeric, 2) as avg_rating, count(*)::integer as review_count
            from reviews where creator_profile_id = profile_id) s
   where p.id = profile_id;
$$;

create function reviews_refresh_creator_stats() returns trigger
language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    perform refresh_creator_review_stats(new.creator_profile_id);
  end if;
  if tg_op = 'DELETE'
     or (tg_op = 'UPDATE' and old.creator_profile_id is distinct from new.creator_profile_id) then
    perform refresh_creator_review_stats(old.creator_profile_id);
  end if;
  return null;
end;
$$;

create trigger reviews_refresh_creator_stats
  after insert or delete or update of rating, creator_profile_id on reviews
  for each row execute function reviews_refresh_creator_stats();

create function refresh_creator_jobs_completed(profile_id uuid) returns void
language sql as $$
  update photographer_profiles p
     set jobs_completed = (select count(*)::integer from bookings
                            where creator_profile_id = profile_id and status = 'completed')
   where p.id = profile_id;
$$;

create function bookings_refresh_jobs_completed() returns trigger
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
  elsif old.status is distinct from new.status
     or old.creator_profile_id is distinct from new.creator_profile_id then
    perform refresh_creator_jobs_completed(new.creator_profile_id);
    if old.creator_profile_id is distinct from new.creator_profile_id then
      perform refresh_creator_jobs_completed(old.creator_profile_id);
    end if;
  end if;
  return null;
end;
$$;

create trigger bookings_refresh_jobs_completed
  after insert or delete or update of status, creator_profile_id on bookings
  for each row execute function bookings_refresh_jobs_completed();
