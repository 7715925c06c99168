-- Speed (issue 24, docs/decisions/022).
--
-- Every server process keeps signed-in sessions in memory for a short while
-- (server/platform/session-cache.ts, docs/decisions/022). Whatever changes a person's standing
-- tells every process at commit, whichever code path (Better Auth, the back office, a script)
-- made the change: a session refreshed or deleted, the account changed or deleted, a
-- deactivation added or lifted. The payload is the user's id; the processes forget that user.
create function notify_auth_changed() returns trigger
language plpgsql as $$
declare
  changed text;
begin
  if TG_TABLE_NAME = 'session' then
    changed := case when TG_OP = 'DELETE' then old."userId" else new."userId" end;
  elsif TG_TABLE_NAME = 'user' then
    changed := case when TG_OP = 'DELETE' then old.id else new.id end;
  else
    changed := case when TG_OP = 'DELETE' then old.user_id else new.user_id end;
  end if;
  perform pg_notify('auth_changed', changed);
  return null;
end $$;

create trigger session_auth_changed after update or delete on "session"
  for each row execute function notify_auth_changed();
create trigger user_auth_changed after update or delete on "user"
  for each row execute function notify_auth_changed();
create trigger user_deactivations_auth_changed after insert or delete on user_deactivations
  for each row execute function notify_auth_changed();

-- Request counters (the rate limits' auth_attempts, Better Auth's per-address "rateLimit") are
-- written on many requests and worth nothing after a crash: unlogged, they skip the write-ahead
-- log, and a transaction touching only them commits without waiting for a disk flush. A crash
-- empties them, which forgives at most one window's attempts (docs/decisions/022).
alter table auth_attempts set unlogged;
alter table "rateLimit" set unlogged;
