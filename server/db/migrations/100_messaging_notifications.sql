-- Messaging and notifications (issue 13, docs/decisions/019).

-- A conversation is between one client and one creator (unique pair, migration 002). The
-- booking it was last opened from is shown as its context.
alter table conversations
  add column context_booking_id uuid references bookings (id) on delete set null;
create index conversations_last_message_idx on conversations (last_message_at desc nulls last);

-- The two participants, each with their read pointer and their block. Authorisation is "a row
-- here for (conversation, caller)"; the creator's row names the creator's user.
create table conversation_members (
  conversation_id uuid not null references conversations (id) on delete cascade,
  user_id text not null references "user" ("id") on delete cascade,
  role text not null check (role in ('client', 'creator')),
  -- The seq of the newest message this member has read (0: none).
  last_read_seq bigint not null default 0,
  -- Set while this member blocks the other: no new messages either way.
  blocked_at timestamptz,
  -- The last unread-messages mail about this conversation to this member (at most one an hour).
  last_mailed_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (conversation_id, user_id),
  unique (conversation_id, role)
);
create index conversation_members_user_idx on conversation_members (user_id);

-- The prototype's messages table never held data: it is rebuilt with a client-generated id
-- (a retried send is the same row) and a seq that orders and pages the conversation.
drop table messages;
create table messages (
  id uuid primary key,
  seq bigint generated always as identity unique,
  conversation_id uuid not null references conversations (id) on delete cascade,
  sender_user_id text not null references "user" ("id") on delete cascade,
  -- Empty only when the message carries attachments (checked by the service).
  body text not null check (length(body) <= 4000),
  created_at timestamptz not null default now()
);
create index messages_conversation_seq_idx on messages (conversation_id, seq desc);

-- Images sent in messages: uploaded first (message_id null), attached by the send. Their sizes
-- live in private storage under image_key and are served only to the participants.
create table message_attachments (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references conversations (id) on delete cascade,
  uploader_user_id text not null references "user" ("id") on delete cascade,
  message_id uuid references messages (id) on delete cascade,
  position smallint not null default 0,
  image_key text not null unique,
  width integer not null,
  height integer not null,
  created_at timestamptz not null default now()
);
create index message_attachments_message_idx on message_attachments (message_id, position);
create index message_attachments_unattached_idx on message_attachments (created_at)
  where message_id is null;

-- A participant's report of a conversation to staff; staff may read a reported conversation.
create table conversation_reports (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references conversations (id) on delete cascade,
  reporter_user_id text not null references "user" ("id") on delete cascade,
  reason text not null check (length(btrim(reason)) > 0 and length(reason) <= 1000),
  created_at timestamptz not null default now(),
  resolved_at timestamptz
);
create index conversation_reports_conversation_idx on conversation_reports (conversation_id);

-- When a signed-in person last had a tab open (their event stream): a client's online dot.
create table user_activity (
  user_id text primary key references "user" ("id") on delete cascade,
  last_active_at timestamptz not null
);

-- A person's notification centre. Message notifications are grouped per conversation: one
-- unread row per group_key, its count and body updated by each new message.
create table notifications (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references "user" ("id") on delete cascade,
  kind text not null,
  title text not null,
  body text not null default '',
  link text not null,
  group_key text,
  count integer not null default 1 check (count > 0),
  read_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index notifications_user_updated_idx on notifications (user_id, updated_at desc, id desc);
create index notifications_user_unread_idx on notifications (user_id) where read_at is null;
create unique index notifications_open_group_idx on notifications (user_id, group_key)
  where read_at is null and group_key is not null;

-- Per-person settings: read receipts, and the mail categories they turned off.
create table user_preferences (
  user_id text primary key references "user" ("id") on delete cascade,
  read_receipts boolean not null default true,
  mail_opt_outs text[] not null default '{}',
  updated_at timestamptz not null default now()
);
