-- Accounts (DESIGN.md §7). The user's history lives in the event store (stream user-<id>, ids only);
-- this table holds the mutable personal data (email, name, password hash: erasable) and the inline state
-- (role, subscription, settings, time zone, unread counter) written in the same transaction as each event.
create table users (
  id                     uuid primary key,
  email                  text null,
  name                   text null,
  password_hash          text null,
  is_admin               boolean not null default false,
  subscription_status    text not null default 'inactive'
                           check (subscription_status in ('active', 'inactive', 'past_due', 'canceled')),
  stripe_customer_id     text null,
  stripe_subscription_id text null,
  settings               jsonb not null default '{"keyboard_shortcuts": true, "audio_autoplay": true, "vocab_prompt": "text", "vocab_hide_text": false, "vocab_audio_autoplay": true, "furigana": "show"}'::jsonb,
  timezone               text not null default 'UTC',
  updates_unread         int not null default 3,
  created_at             timestamptz not null default now(),
  updated_at             timestamptz not null default now(),
  erased_at              timestamptz null
);
-- Emails compare case-insensitively; erased accounts have none, so they never collide.
create unique index users_email_key on users (lower(email)) where email is not null;
create index users_stripe_customer on users (stripe_customer_id) where stripe_customer_id is not null;
create index users_created on users (created_at);

-- Server-side sessions. Only a SHA-256 of the random cookie token is stored, so a leaked table cannot be
-- replayed as cookies.
create table sessions (
  id           uuid primary key,
  token_hash   text not null unique,
  user_id      uuid not null references users (id) on delete cascade,
  created_at   timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at   timestamptz not null
);
create index sessions_user on sessions (user_id);
create index sessions_expires on sessions (expires_at);

-- Single-use password reset links (hash of the token only), valid for one hour.
create table password_reset_tokens (
  token_hash text primary key,
  user_id    uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at    timestamptz null
);
create index password_reset_tokens_user on password_reset_tokens (user_id);

-- Throttling counters shared by every API process: one row per failed sign-in (keys 'signin:email:<email>'
-- and 'signin:ip:<address>') and per password reset mail ('reset:email:<email>'). Rows older than the
-- window are pruned; rows keyed by an email are deleted when that account is erased.
create table auth_throttle (
  key         text not null,
  occurred_at timestamptz not null
);
create index auth_throttle_key_time on auth_throttle (key, occurred_at);
create index auth_throttle_time on auth_throttle (occurred_at);
