-- Live map: every change to where a creator is or whether they are listed or online is sent on
-- the creator_presence_changed channel, whoever makes it (availability toggle, admin, seed).
-- Positions of creators who are not listed are never sent.
create function notify_creator_presence() returns trigger language plpgsql as $$
declare
  listed boolean := new.is_published and new.approved;
begin
  if tg_op = 'UPDATE'
    and new.travel_lat is not distinct from old.travel_lat
    and new.travel_lng is not distinct from old.travel_lng
    and new.available_now = old.available_now
    and new.is_published = old.is_published
    and new.approved = old.approved then
    return new;
  end if;
  perform pg_notify('creator_presence_changed', json_build_object(
    'id', new.id,
    'listed', listed and new.travel_lat is not null and new.travel_lng is not null,
    'lat', case when listed then new.travel_lat end,
    'lng', case when listed then new.travel_lng end,
    'availableNow', listed and new.available_now
  )::text);
  return new;
end;
$$;

create trigger photographer_profiles_presence_notify
  after insert or update on photographer_profiles
  for each row execute function notify_creator_presence();
