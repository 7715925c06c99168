-- Per-address and per-account attempt counters for sign-in, sign-up, password reset and
-- verification mail. In the database (not memory) so every server process shares them;
-- Better Auth's own "rateLimit" table keeps the per-IP counters.
create table auth_attempts (
  key text primary key,
  count integer not null check (count >= 0),
  window_started_at timestamptz not null default now()
);
create index auth_attempts_window_idx on auth_attempts (window_started_at);
