-- Several events of one change in one insert and one NOTIFY (issue 24). publish_realtime_event
-- (migration 060) inserts and notifies row by row: 10,000 events were 10,000 function calls and
-- 10,000 notifications for every listening process to take in, where listeners only need to
-- know that something after their last id arrived. Same ordering lock, held to commit; ids are
-- drawn in the events' order (the insert takes its rows sorted by position).
create function publish_realtime_events(events jsonb) returns setof bigint language plpgsql as $$
begin
  perform pg_advisory_xact_lock(hashtext('realtime_events'));
  return query
    insert into realtime_events (topic, payload, audience, user_id)
    select e.event->>'topic', e.event->'payload', e.event->>'audience', e.event->>'userId'
    from jsonb_array_elements(events) with ordinality as e(event, n)
    order by e.n
    returning id;
  perform pg_notify('realtime_events', 'batch');
end;
$$;
