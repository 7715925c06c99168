-- Verification and insurance documents a creator uploads during profile setup. The bytes live
-- in private storage; only the creator and staff can fetch them (profile-setup routes).
create table creator_documents (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references "user" ("id") on delete cascade,
  kind text not null check (kind in ('verification', 'insurance')),
  storage_key text not null unique,
  content_type text not null check (content_type in ('application/pdf', 'image/webp')),
  file_name text not null,
  size_bytes integer not null check (size_bytes > 0),
  created_at timestamptz not null default now()
);
create index creator_documents_user_idx on creator_documents (user_id, created_at);
