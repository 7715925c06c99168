-- Staff two-factor sign-in (docs/decisions/015): Better Auth's two-factor plugin keeps each
-- enrolled account's TOTP secret and recovery codes (both encrypted with the auth secret) here.
alter table "user" add column "twoFactorEnabled" boolean not null default false;

create table "twoFactor" (
  "id" text not null primary key,
  "secret" text not null,
  "backupCodes" text not null,
  "userId" text not null unique references "user" ("id") on delete cascade,
  "verified" boolean not null default true,
  "failedVerificationCount" integer not null default 0,
  "lockedUntil" timestamptz
);

-- Set by the app when a session is created by a verified second factor (the TOTP or a
-- recovery code); the admin access level requires it.
alter table "session" add column "twoFactorVerified" boolean not null default false;
