-- The spec's entities (§3). Money is integer cents with its currency; enumerations are checked.
create extension if not exists btree_gist;
create extension if not exists cube;
create extension if not exists earthdistance;
create extension if not exists pg_trgm;

create table admin_users (
  user_id text primary key references "user" ("id") on delete cascade,
  is_active boolean not null default true,
  role text not null default 'reviewer' check (length(role) between 1 and 64),
  last_login_at timestamptz,
  created_at timestamptz not null default now()
);

create table admin_notifications (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  title text not null,
  body text not null default '',
  link text,
  created_at timestamptz not null default now()
);
create index admin_notifications_created_idx on admin_notifications (created_at desc);

create table admin_notification_reads (
  notification_id uuid not null references admin_notifications (id) on delete cascade,
  user_id text not null references "user" ("id") on delete cascade,
  read_at timestamptz not null default now(),
  primary key (notification_id, user_id)
);

create table applications (
  id uuid primary key default gen_random_uuid(),
  full_name text not null check (length(btrim(full_name)) > 0),
  email text not null check (position('@' in email) > 1),
  phone text,
  city text,
  portfolio_url text,
  experience_level text check (experience_level in ('beginner', 'intermediate', 'advanced', 'professional')),
  specialties text[] not null default '{}',
  about_me text,
  travel_radius integer check (travel_radius > 0),
  sample_images text[] not null default '{}',
  status text not null default 'pending'
    check (status in ('pending', 'under_review', 'approved', 'denied', 'converted')),
  reviewed_by text references "user" ("id") on delete set null,
  reviewed_at timestamptz,
  decided_by text references "user" ("id") on delete set null,
  decided_at timestamptz,
  denial_reason text,
  converted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One open application per address; a denied applicant may apply again.
create unique index applications_one_open_per_email_idx on applications (lower(email))
  where status in ('pending', 'under_review', 'approved');
create index applications_status_created_idx on applications (status, created_at desc);
create index applications_created_idx on applications (created_at desc);
create index applications_search_trgm_idx on applications
  using gin ((full_name || ' ' || email) gin_trgm_ops);

create table idempotency_keys (
  key text not null,
  scope text not null,
  request_hash text not null,
  response_status integer not null,
  response_body jsonb not null,
  created_at timestamptz not null default now(),
  primary key (scope, key)
);

create table photographer_profiles (
  id uuid primary key default gen_random_uuid(),
  user_id text not null unique references "user" ("id") on delete cascade,
  application_id uuid references applications (id) on delete set null,
  full_name text,
  business_name text,
  bio text,
  specialties text[] not null default '{}',
  creator_type text not null default 'photographer'
    check (creator_type in ('photographer', 'videographer', 'content creator')),
  avatar_path text,
  portfolio_url text,
  city text,
  phone text,
  equipment text[] not null default '{}',
  experience text,
  hourly_rate_cents integer check (hourly_rate_cents >= 0),
  currency char(3) not null default 'USD',
  package_services text,
  travel_radius integer check (travel_radius > 0),
  travel_fee_cents integer check (travel_fee_cents >= 0),
  service_location text,
  base_lat double precision check (base_lat between -90 and 90),
  base_lng double precision check (base_lng between -180 and 180),
  travel_lat double precision check (travel_lat between -90 and 90),
  travel_lng double precision check (travel_lng between -180 and 180),
  available_now boolean not null default false,
  is_published boolean not null default false,
  approved boolean not null default false,
  is_complete boolean not null default false,
  completion_percent smallint not null default 0 check (completion_percent between 0 and 100),
  setup_step smallint not null default 1 check (setup_step between 1 and 5),
  payment_method text check (payment_method in ('direct_deposit', 'paypal', 'stripe')),
  payout_email text,
  bank_account_last4 char(4),
  bank_account_encrypted text,
  tax_id_encrypted text,
  insurance text,
  "references" text,
  rating_avg numeric(3, 2) not null default 0,
  review_count integer not null default 0,
  jobs_completed integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index photographer_profiles_listed_geo_idx on photographer_profiles
  using gist (ll_to_earth(base_lat, base_lng))
  where is_published and approved and base_lat is not null and base_lng is not null;
create index photographer_profiles_live_idx on photographer_profiles (available_now)
  where is_published and approved and travel_lat is not null and travel_lng is not null;
create index photographer_profiles_specialties_idx on photographer_profiles using gin (specialties);

create table portfolio_items (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references "user" ("id") on delete cascade,
  image_path text not null,
  caption text,
  width integer,
  height integer,
  sort_order integer not null default 0,
  like_count integer not null default 0 check (like_count >= 0),
  created_at timestamptz not null default now()
);
create index portfolio_items_user_order_idx on portfolio_items (user_id, sort_order, created_at);

create table portfolio_likes (
  item_id uuid not null references portfolio_items (id) on delete cascade,
  user_id text not null references "user" ("id") on delete cascade,
  created_at timestamptz not null default now(),
  primary key (item_id, user_id)
);

create table portfolio_comments (
  id uuid primary key default gen_random_uuid(),
  item_id uuid not null references portfolio_items (id) on delete cascade,
  user_id text not null references "user" ("id") on delete cascade,
  body text not null check (length(btrim(body)) > 0),
  created_at timestamptz not null default now()
);
create index portfolio_comments_item_idx on portfolio_comments (item_id, created_at);

create table bookings (
  id uuid primary key default gen_random_uuid(),
  client_user_id text not null references "user" ("id") on delete restrict,
  creator_profile_id uuid not null references photographer_profiles (id) on delete restrict,
  start_time timestamptz not null,
  end_time timestamptz not null,
  duration_minutes integer not null check (duration_minutes between 60 and 720),
  location text not null check (length(btrim(location)) > 0),
  notes text,
  event_type text,
  currency char(3) not null default 'USD',
  hourly_rate_cents integer not null check (hourly_rate_cents > 0),
  subtotal_cents integer not null check (subtotal_cents >= 0),
  fee_cents integer not null check (fee_cents >= 0),
  total_amount_cents integer not null check (total_amount_cents >= 0),
  deposit_amount_cents integer not null check (deposit_amount_cents >= 0),
  remainder_cents integer not null check (remainder_cents >= 0),
  status text not null default 'pending_payment' check (status in
    ('pending_payment', 'pending', 'confirmed', 'completed', 'declined', 'cancelled', 'expired')),
  paypal_order_id text unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (end_time > start_time),
  -- Two live bookings of one creator never overlap, even under concurrent inserts.
  constraint bookings_no_overlap exclude using gist (
    creator_profile_id with =,
    tstzrange(start_time, end_time) with &&
  ) where (status in ('pending_payment', 'pending', 'confirmed'))
);
create index bookings_client_start_idx on bookings (client_user_id, start_time);
create index bookings_creator_start_idx on bookings (creator_profile_id, start_time);

create table booking_events (
  id bigint generated always as identity primary key,
  booking_id uuid not null references bookings (id) on delete cascade,
  from_status text,
  to_status text not null,
  actor_user_id text references "user" ("id") on delete set null,
  note text,
  created_at timestamptz not null default now()
);
create index booking_events_booking_idx on booking_events (booking_id, created_at);

create table reviews (
  id uuid primary key default gen_random_uuid(),
  creator_profile_id uuid not null references photographer_profiles (id) on delete cascade,
  booking_id uuid unique references bookings (id) on delete set null,
  author_user_id text references "user" ("id") on delete set null,
  author_name text not null,
  rating smallint not null check (rating between 1 and 5),
  comment text not null default '',
  created_at timestamptz not null default now()
);
create index reviews_creator_created_idx on reviews (creator_profile_id, created_at desc);

create table availability_slots (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references "user" ("id") on delete cascade,
  start_time timestamptz not null,
  end_time timestamptz not null,
  is_recurring boolean not null default false,
  created_at timestamptz not null default now(),
  check (end_time > start_time)
);
create index availability_slots_user_start_idx on availability_slots (user_id, start_time);

create table conversations (
  id uuid primary key default gen_random_uuid(),
  client_user_id text not null references "user" ("id") on delete cascade,
  creator_profile_id uuid not null references photographer_profiles (id) on delete cascade,
  last_message_at timestamptz,
  created_at timestamptz not null default now(),
  unique (client_user_id, creator_profile_id)
);

create table messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references conversations (id) on delete cascade,
  sender_user_id text not null references "user" ("id") on delete cascade,
  body text not null check (length(btrim(body)) > 0),
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index messages_conversation_created_idx on messages (conversation_id, created_at);

-- Mail sent while no SMTP server is configured, readable by developers.
create table mail_outbox (
  id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  created_at timestamptz not null default now()
);
create index mail_outbox_created_idx on mail_outbox (created_at desc);

-- Background work that must survive restarts.
create table jobs (
  id bigint generated always as identity primary key,
  queue text not null,
  payload jsonb not null default '{}',
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  last_error text,
  locked_until timestamptz,
  done_at timestamptz,
  created_at timestamptz not null default now()
);
create index jobs_due_idx on jobs (run_at) where done_at is null;
