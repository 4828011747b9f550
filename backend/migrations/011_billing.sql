-- Billing (DESIGN.md §7). Stripe is the source of payments; these tables make its deliveries safe to apply:
-- each webhook event at most once, each checkout session activates at most once, and a canceled Stripe
-- subscription stays canceled whatever order later deliveries arrive in. No payloads are stored (they can
-- carry the customer's email), only ids, statuses and Stripe's timestamps.
create table stripe_webhook_events (
  event_id     text primary key,
  event_type   text not null,
  created      bigint not null,
  processed_at timestamptz not null default now()
);

create table stripe_subscriptions (
  subscription_id    text primary key,
  user_id            uuid not null references users (id),
  customer_id        text null,
  status             text not null,
  -- canceled (deleted, or status canceled/incomplete_expired): a final state no later delivery can undo
  terminal           boolean not null default false,
  -- Stripe's `created` (unix seconds) of the newest event applied; older deliveries are ignored
  last_event_created bigint not null default 0,
  updated_at         timestamptz not null default now()
);
create index stripe_subscriptions_user on stripe_subscriptions (user_id);

create table stripe_checkout_sessions (
  session_id      text primary key,
  user_id         uuid not null references users (id),
  subscription_id text null,
  applied_at      timestamptz not null default now()
);
create index stripe_checkout_sessions_user on stripe_checkout_sessions (user_id);
