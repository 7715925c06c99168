-- The grid cell of each creator's live position as an earthdistance point, computed when the
-- position is written instead of for every candidate of every hail (issue 24): ll_to_earth and
-- coarse_coordinate cost the hail match about 20 µs per online creator it considered, half of
-- the match. The cell is the one the map shows (migration 090); the match's distances and
-- results are unchanged. Adding the column rewrites the table once.
alter table photographer_profiles
  add column live_cell earth
  generated always as (ll_to_earth(coarse_coordinate(travel_lat), coarse_coordinate(travel_lng)))
  stored;
