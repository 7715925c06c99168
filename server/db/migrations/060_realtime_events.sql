-- Durable realtime events (docs/decisions/013): every event is a row written in the same
-- transaction as the change it announces; NOTIFY carries only its id. A browser that lost its
-- stream replays the rows after the last id it saw (SSE Last-Event-ID).
create table realtime_events (
  id bigint generated always as identity primary key,
  topic text not null,
  payload jsonb not null,
  -- Who may receive it: everyone, staff (active admin_users), or one user.
  audience text not null check (audience in ('public', 'staff', 'user')),
  user_id text references "user" ("id") on delete cascade,
  created_at timestamptz not null default now(),
  check ((audience = 'user') = (user_id is not null))
);

create index realtime_events_created_at on realtime_events (created_at);

-- The highest id pruneEvents has deleted: a client whose Last-Event-ID is below it may have
-- missed events and is told to reload instead.
create table realtime_events_pruned (
  only_row boolean primary key default true check (only_row),
  through_id bigint not null
);
insert into realtime_events_pruned (through_id) values (0);

-- Ids must become visible in id order, or a reader that saw id 6 could later miss id 5 committed
-- after it. A transaction-level advisory lock, held from the insert to commit, serialises the
-- event-writing transactions' commits; publish last in a transaction to keep that short.
create function publish_realtime_event(
  event_topic text,
  event_payload jsonb,
  event_audience text,
  event_user_id text default null
) returns bigint language plpgsql as $$
declare
  event_id bigint;
begin
  perform pg_advisory_xact_lock(hashtext('realtime_events'));
  insert into realtime_events (topic, payload, audience, user_id)
    values (event_topic, event_payload, event_audience, event_user_id)
    returning id into event_id;
  perform pg_notify('realtime_events', event_id::text);
  return event_id;
end;
$$;

-- The live map's presence changes (migration 031) become durable public events.
create or replace function notify_creator_presence() returns trigger language plpgsql as $$
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
  perform publish_realtime_event('presence', jsonb_build_object(
    'id', new.id,
    'listed', listed and new.travel_lat is not null and new.travel_lng is not null,
    'lat', case when listed then new.travel_lat end,
    'lng', case when listed then new.travel_lng end,
    'availableNow', listed and new.available_now
  ), 'public');
  return new;
end;
$$;
