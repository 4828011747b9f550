-- append_events: the event store's append (DESIGN.md §3), one round trip. First defined in migration 001.
--
-- Checks the expected version, inserts the events and answers the positions. p_expected: -1 = any version, 0 = the
-- stream must not exist yet, n = the stream must be at version n. A retried append whose first event id is already
-- stored returns the original result instead of failing, which makes client retries idempotent. A conflict raises
-- SQLSTATE 'KC409'. Readers are woken after commit by the application (CommitNotifier), not by a NOTIFY in here:
-- that serialised every commit.

-- set enable_seqscan = off (migration 033): the function only looks rows up by key. Its statements' plans are
-- cached per connection, and a plan made while a table was nearly empty (a new install, a benchmark's fresh
-- database) scans it sequentially: cheapest then, and kept while the table grows, until the next analyze replans
-- it. Measured: appends fell from 4,600/s to 1,400/s within 8 seconds of a fresh start. Without sequential scans
-- the plans use the keys from the first call on. (A create or replace resets a function's settings: this one is
-- part of the definition.)
create or replace function append_events(
  p_stream_id text, p_stream_type text, p_expected bigint,
  p_event_ids uuid[], p_types text[], p_schema_versions smallint[], p_data jsonb[], p_metadata jsonb[],
  p_actor uuid
) returns table (stream_version bigint, global_position bigint, transaction_id xid8, duplicate boolean)
language plpgsql set enable_seqscan = off as $$
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
