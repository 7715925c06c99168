-- Photo delivery (issue 14, decision 020): the files a creator uploads to a booking's delivery
-- and the client's favourites among them. Originals and previews live in private storage,
-- served only to the booking's two parties and staff.

create table delivery_files (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references deliveries (booking_id) on delete cascade,
  -- The id the uploading browser gave the file: a retried upload finds the row it made.
  client_upload_id text not null check (length(client_upload_id) between 1 and 100),
  -- Full resolution, re-encoded without metadata (EXIF/GPS), and the web-size preview.
  original_key text not null,
  preview_key text not null,
  original_bytes bigint not null check (original_bytes > 0),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  content_type text not null check (content_type in ('image/jpeg', 'image/png')),
  -- Shown and used as the download name; sanitised by the API (no paths, no control chars).
  file_name text not null check (length(file_name) between 1 and 200),
  position integer not null,
  created_at timestamptz not null default now(),
  unique (booking_id, client_upload_id)
);
create index delivery_files_booking_idx on delivery_files (booking_id, position, id);

create table delivery_favourites (
  booking_id uuid not null references deliveries (booking_id) on delete cascade,
  file_id uuid not null references delivery_files (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (booking_id, file_id)
);
create index delivery_favourites_file_idx on delivery_favourites (file_id);
