-- Push notifications and availability without a tab (issue 25, docs/push.md).

-- ── Web Push subscriptions ──────────────────────────────────────────────────────────────────
-- One row per device (browser profile) a person opted in on. The endpoint is the push
-- service's URL for that device; p256dh and auth are the keys the payload is encrypted to
-- (RFC 8291). A push service answering 404 or 410 means the device is gone: the row is deleted.
create table push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references "user" ("id") on delete cascade,
  endpoint text not null unique check (endpoint like 'https://%' or endpoint like 'http://%'),
  p256dh text not null,
  auth text not null,
  -- How the person recognises the device in settings ("Chrome on Android").
  device text not null default '',
  created_at timestamptz not null default now(),
  last_sent_at timestamptz
);
create index push_subscriptions_user_idx on push_subscriptions (user_id);

-- ── Available until a chosen time ───────────────────────────────────────────────────────────
-- A creator may stay available for hails with no tab open until this time, at their last
-- position or an area they picked. While it is in the future the presence sweep leaves them on
-- without heartbeats; the map marks them as not live-tracked. Null: live presence as before.
alter table photographer_profiles add column available_until timestamptz;

-- Presence events now also say whether the position is live-tracked, and fire when that changes.
create or replace function notify_creator_presence() returns trigger language plpgsql as $$
declare
  listed boolean := new.is_published and new.approved;
begin
  if tg_op = 'UPDATE'
    and coarse_coordinate(new.travel_lat) is not distinct from coarse_coordinate(old.travel_lat)
    and coarse_coordinate(new.travel_lng) is not distinct from coarse_coordinate(old.travel_lng)
    and new.available_now = old.available_now
    and (new.available_until is null) = (old.available_until is null)
    and new.is_published = old.is_published
    and new.approved = old.approved then
    return new;
  end if;
  perform publish_realtime_event('presence', jsonb_build_object(
    'id', new.id,
    'listed', listed and new.travel_lat is not null and new.travel_lng is not null,
    'lat', case when listed then coarse_coordinate(new.travel_lat) end,
    'lng', case when listed then coarse_coordinate(new.travel_lng) end,
    'availableNow', listed and new.available_now,
    'liveTracked', new.available_until is null
  ), 'public');
  return new;
end;
$$;
