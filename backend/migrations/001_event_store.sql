-- The event store (DESIGN.md §3). Events are the source of truth; every other table is a projection.
create table streams (
  stream_id   text primary key,
  stream_type text not null,
  version     bigint not null,
  updated_at  timestamptz not null default now()
);

create table events (
  global_position bigint generated always as identity,
  transaction_id  xid8 not null default pg_current_xact_id(),
  stream_id       text not null,
  stream_version  bigint not null,
  event_id        uuid not null unique,
  event_type      text not null,
  schema_version  smallint not null default 1,
  data            jsonb not null,
  metadata        jsonb not null default '{}'::jsonb,
  actor_id        uuid null,
  recorded_at     timestamptz not null default now(),
  primary key (stream_id, stream_version)
);
-- The subscription cursor: readers page by (transaction_id, global_position), never by position alone.
create index events_tx_position on events (transaction_id, global_position);
-- The audit view by person.
create index events_actor on events (actor_id, recorded_at);

create table projection_checkpoints (
  name          text primary key,
  version       int not null default 1,
  last_tx       xid8 not null default '0'::xid8,
  last_position bigint not null default 0,
  status        text not null default 'running',
  owner_id      text null,
  lease_until   timestamptz null,
  updated_at    timestamptz not null default now()
);

-- One round trip per append: checks the expected version, inserts the events and answers the positions.
-- p_expected: -1 = any version, 0 = the stream must not exist yet, n = the stream must be at version n.
-- A retried append whose first event id is already stored returns the original result instead of failing,
-- which makes client retries idempotent. A conflict raises SQLSTATE 'KC409'. Readers are woken after commit by
-- the application (CommitNotifier), not by a NOTIFY in here: that serialised every commit.
create or replace function append_events(
  p_stream_id text, p_stream_type text, p_expected bigint,
  p_event_ids uuid[], p_types text[], p_schema_versions smallint[], p_data jsonb[], p_metadata jsonb[],
  p_actor uuid
) returns table (stream_version bigint, global_position bigint, transaction_id xid8, duplicate boolean)
language plpgsql as $$
#variable_conflict use_column
declare
  n int := array_length(p_event_ids, 1);
  v_new bigint;
begin
  return query select e.stream_version, e.global_position, e.transaction_id, true
    from events e where e.event_id = any(p_event_ids) order by e.global_position;
  if found then return; end if;

  if p_expected = -1 then
    insert into streams as s (stream_id, stream_type, version) values (p_stream_id, p_stream_type, n)
      on conflict (stream_id) do update set version = s.version + n, updated_at = now()
      returning s.version into v_new;
  elsif p_expected = 0 then
    insert into streams (stream_id, stream_type, version) values (p_stream_id, p_stream_type, n)
      on conflict (stream_id) do nothing
      returning version into v_new;
  else
    update streams s set version = s.version + n, updated_at = now()
      where s.stream_id = p_stream_id and s.version = p_expected
      returning s.version into v_new;
  end if;

  if v_new is null then
    -- A concurrent retry of this very append may have won the race: answer with its result.
    return query select e.stream_version, e.global_position, e.transaction_id, true
      from events e where e.event_id = any(p_event_ids) order by e.global_position;
    if found then return; end if;
    raise exception using errcode = 'KC409',
      message = format('stream %s is not at version %s', p_stream_id, p_expected);
  end if;

  return query
    insert into events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata, actor_id)
    select p_stream_id, v_new - n + i, p_event_ids[i], p_types[i], p_schema_versions[i], p_data[i], p_metadata[i], p_actor
      from generate_series(1, n) as i
    returning events.stream_version, events.global_position, events.transaction_id, false;
end $$;

-- Stored answers of writes sent with an Idempotency-Key header, per user and key.
create table idempotency_keys (
  scope        text not null,
  key          text not null,
  request_hash text not null,
  status_code  int null,
  response     jsonb null,
  created_at   timestamptz not null default now(),
  primary key (scope, key)
);
create index idempotency_keys_created on idempotency_keys (created_at);
