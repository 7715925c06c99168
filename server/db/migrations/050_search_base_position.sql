-- Each listed creator's base as an earthdistance point, computed once when the row is written
-- instead of on every search row (ll_to_earth is trigonometry). The nearest-first search walks
-- this column's GiST index; the point searched from is sent as a ready-made cube (see
-- server/platform/geo.ts earthPoint), so a prepared plan computes no ll_to_earth at all.
alter table photographer_profiles
  add column base_position earth generated always as (ll_to_earth(base_lat, base_lng)) stored;

create index photographer_profiles_listed_position_idx on photographer_profiles
  using gist (base_position) where is_published and approved and base_position is not null;

-- Superseded: the expression index of migration 002, and migration 030's service-area index,
-- which the nearest-first walk never used (every write paid for it).
drop index photographer_profiles_listed_geo_idx;
drop index photographer_profiles_service_area_idx;

-- One nearest-first index per service and per specialty quick filter, over only the creators
-- that match it: a filtered search walks matching creators only, instead of stepping over the
-- five in six that do not match. The search query repeats these predicates word for word (see
-- serviceCondition in server/features/search/queries.ts) so the planner can choose them.
create index photographer_profiles_listed_photography_idx on photographer_profiles
  using gist (base_position) where is_published and approved and base_position is not null
  and (creator_type = 'photographer' or specialties @> array['Photography']::text[]);
create index photographer_profiles_listed_videography_idx on photographer_profiles
  using gist (base_position) where is_published and approved and base_position is not null
  and (creator_type = 'videographer' or specialties @> array['Videography']::text[]);
create index photographer_profiles_listed_content_creation_idx on photographer_profiles
  using gist (base_position) where is_published and approved and base_position is not null
  and (creator_type = 'content creator' or specialties @> array['Content Creation']::text[]);
create index photographer_profiles_listed_wedding_idx on photographer_profiles
  using gist (base_position) where is_published and approved and base_position is not null
  and specialties @> array['Wedding']::text[];
create index photographer_profiles_listed_portrait_idx on photographer_profiles
  using gist (base_position) where is_published and approved and base_position is not null
  and specialties @> array['Portrait']::text[];
create index photographer_profiles_listed_event_idx on photographer_profiles
  using gist (base_position) where is_published and approved and base_position is not null
  and specialties @> array['Event']::text[];
create index photographer_profiles_listed_social_media_idx on photographer_profiles
  using gist (base_position) where is_published and approved and base_position is not null
  and specialties @> array['Social Media']::text[];
