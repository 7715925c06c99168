-- Two-sided blind reviews (issue 14): after a booking completes the client reviews the creator
-- and the creator reviews the client. A review stays blind (published_at null) until both
-- have submitted or the window closes; then every submitted review of the booking publishes
-- at once. The creator may reply once, in public, to the client's review. Staff may hide one.
alter table reviews
  add column direction text not null default 'client_to_creator'
    check (direction in ('client_to_creator', 'creator_to_client')),
  -- The reviewed client, for a creator's review of a client.
  add column subject_user_id text references "user" ("id") on delete cascade,
  add column submitted_at timestamptz,
  add column published_at timestamptz,
  add column reply text check (reply is null or length(reply) between 1 and 2000),
  add column replied_at timestamptz,
  add column hidden_at timestamptz,
  add column hidden_reason text check (hidden_reason is null or length(hidden_reason) between 1 and 2000),
  add column hidden_by text references "user" ("id") on delete restrict,
  add constraint reviews_subject_direction_check
    check ((direction = 'creator_to_client') = (subject_user_id is not null)),
  add constraint reviews_reply_once_check check (
    (reply is null) = (replied_at is null)
    and (reply is null or (direction = 'client_to_creator' and published_at is not null))
  ),
  add constraint reviews_hidden_all_check
    check ((hidden_at is null) = (hidden_reason is null) and (hidden_at is null) = (hidden_by is null));

-- The reviews from before (seed, imports) were public: published client-to-creator reviews.
update reviews set submitted_at = created_at, published_at = created_at;
alter table reviews
  alter column submitted_at set not null,
  alter column submitted_at set default now();

-- One review per booking and direction (a booking-less review, from before, stays allowed).
alter table reviews drop constraint reviews_booking_id_key;
create unique index reviews_booking_direction_key on reviews (booking_id, direction);
-- The deadline sweep looks for blind reviews only.
create index reviews_blind_idx on reviews (booking_id) where published_at is null;
-- The public profile lists published, visible reviews of the creator.
create index reviews_public_idx on reviews (creator_profile_id, created_at desc)
  where direction = 'client_to_creator' and published_at is not null and hidden_at is null;
-- Staff's list, newest first.
create index reviews_submitted_idx on reviews (submitted_at desc, id);

-- The profile's rating and review count count published, visible reviews of the creator.
create or replace function refresh_creator_review_stats(profile_id uuid) returns void
language sql as $$
  update photographer_profiles p
     set rating_avg = coalesce(s.avg_rating, 0),
         review_count = s.review_count
    from (select round(avg(rating)::numeric, 2) as avg_rating, count(*)::integer as review_count
            from reviews
           where creator_profile_id = profile_id
             and direction = 'client_to_creator'
             and published_at is not null
             and hidden_at is null) s
   where p.id = profile_id;
$$;

drop trigger reviews_refresh_creator_stats on reviews;
create trigger reviews_refresh_creator_stats
  after insert or delete
     or update of rating, creator_profile_id, direction, published_at, hidden_at on reviews
  for each row execute function reviews_refresh_creator_stats();
