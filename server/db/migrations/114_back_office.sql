-- The staff back office (issue 14): a client or creator deactivated by staff, with the reason.
-- While the row exists they cannot sign in (server/platform/auth.ts refuses the session), their
-- sessions were deleted with it, and a deactivated creator is not listed (search, map, profile).
-- Reactivation deletes the row; staff_audit_log keeps the history of both.
create table user_deactivations (
  user_id text primary key references "user" ("id") on delete cascade,
  reason text not null check (length(reason) between 1 and 2000),
  deactivated_by text not null references "user" ("id") on delete restrict,
  deactivated_at timestamptz not null default now()
);

-- The back office lists the audit log newest first, filtered by action.
create index staff_audit_log_action_idx on staff_audit_log (action, id desc);
-- Bookings newest first, as the back office lists them.
create index bookings_created_at_idx on bookings (created_at desc, id desc);
