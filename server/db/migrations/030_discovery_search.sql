-- Search by service area: a creator covers a point when it lies within travel_radius miles of
-- their base (an unset radius counts as the default 25). This GiST index holds each listed
-- creator's service area as the cube that encloses that circle, so "whose area covers this
-- point" is one index lookup (`area @> point`), whatever mix of radii the creators use.
create index photographer_profiles_service_area_idx on photographer_profiles
  using gist (earth_box(ll_to_earth(base_lat, base_lng), coalesce(travel_radius, 25) * 1609.344))
  where is_published and approved and base_lat is not null and base_lng is not null;

-- Browsing without a ZIP lists the best rated first.
create index photographer_profiles_listed_rating_idx on photographer_profiles
  (rating_avg desc, id) where is_published and approved;

-- The map shows live creators inside its bounds.
create index photographer_profiles_live_position_idx on photographer_profiles
  (travel_lat, travel_lng) where is_published and approved and travel_lat is not null
  and travel_lng is not null;

-- "Free on the date" is answered by bookings_no_overlap's own GiST index
-- (creator_profile_id, tstzrange(start_time, end_time)) over live bookings.

-- Keeps migration 020's jobs_completed recount cheap.
create index bookings_creator_completed_idx on bookings (creator_profile_id)
  where status = 'completed';

-- Nearest-first search walks photographer_profiles_listed_geo_idx (migration 002) within the
-- largest travel radius any listed creator has; that maximum is read from this index.
create index photographer_profiles_listed_radius_idx on photographer_profiles (travel_radius)
  where is_published and approved;
