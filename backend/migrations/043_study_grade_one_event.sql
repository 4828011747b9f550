-- The grade's write for its one event, without the general append's array machinery (issue 19).
--
-- study_record_grade (migrations 032, 040, 042) appended through append_events: arrays of one element, a
-- set-returning plpgsql function called from another (each call materialises its rows), and a second
-- set-returning wrapper around the whole. Measured with pgbench on the 2-core machine, PostgreSQL CPU per call:
-- the two inserts as one plain statement 0.13 ms, the same through append_events 0.24–0.27 ms, a scalar plpgsql
-- function doing what append_events does for one event 0.175 ms. A grade always appends exactly one event, so
-- its function now does that append itself, with scalar arguments and OUT parameters (one row, no tuplestore).
--
-- The append's rules are the event store's (001_event_store.sql, append_events) for one event:
--   * an event id already stored answers the stored positions with duplicate = true (an idempotent retry), and
--     writes no card state;
--   * p_expected: -1 any version, 0 the stream must not exist yet, n the stream must be at version n; a miss
--     raises SQLSTATE 'KC409' unless a concurrent retry of this very event won the race (then its result).
-- What follows the append is unchanged from 042: the shared advisory lock taken first (card_states rebuilds),
-- the card's inline state, the lesson floor after a lesson, and the Idempotency-Key's request hash.
drop function if exists study_record_grade(text, text, bigint, uuid[], text[], smallint[], jsonb[], jsonb[], uuid,
  uuid, text, text, int, smallint, int, text, int, timestamptz, timestamptz, boolean, text, text, text);

create or replace function study_record_grade(
  p_stream_id text, p_stream_type text, p_expected bigint,
  p_event_id uuid, p_type text, p_schema_version smallint, p_data jsonb, p_metadata jsonb, p_actor uuid,
  p_user uuid, p_course text, p_material_type text, p_material_id int, p_level smallint, p_attempts int,
  p_mastery text, p_interval_hours int, p_due_at timestamptz, p_reviewed_at timestamptz, p_learned boolean,
  p_idempotency_scope text, p_idempotency_key text, p_request_hash text,
  out stream_version bigint, out global_position bigint, out transaction_id xid8, out duplicate boolean
)
language plpgsql as $$
#variable_conflict use_column
declare
  v_new bigint;
  u record;
begin
  perform pg_advisory_xact_lock_shared(1802071923);

  select e.stream_version, e.global_position, e.transaction_id, true
    into stream_version, global_position, transaction_id, duplicate
    from events e where e.event_id = p_event_id;

  if not found then
    if p_expected = -1 then
      insert into streams as s (stream_id, stream_type, version) values (p_stream_id, p_stream_type, 1)
        on conflict (stream_id) do update set version = s.version + 1, updated_at = now()
        returning s.version into v_new;
    elsif p_expected = 0 then
      insert into streams (stream_id, stream_type, version) values (p_stream_id, p_stream_type, 1)
        on conflict (stream_id) do nothing
        returning version into v_new;
    else
      update streams s set version = s.version + 1, updated_at = now()
        where s.stream_id = p_stream_id and s.version = p_expected
        returning s.version into v_new;
    end if;

    if v_new is null then
      -- A concurrent retry of this very grade may have won the race: answer with its result.
      select e.stream_version, e.global_position, e.transaction_id, true
        into stream_version, global_position, transaction_id, duplicate
        from events e where e.event_id = p_event_id;
      if not found then
        raise exception using errcode = 'KC409',
          message = format('stream %s is not at version %s', p_stream_id, p_expected);
      end if;
    else
      insert into events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata, actor_id)
      values (p_stream_id, v_new, p_event_id, p_type, p_schema_version, p_data, p_metadata, p_actor)
      returning events.stream_version, events.global_position, events.transaction_id, false
        into stream_version, global_position, transaction_id, duplicate;

      -- The lock taken above also waits while a servable sync is running (study_sync_card_servable): the insert
      -- below then reads the material as the sync left it.
      insert into card_states as c (user_id, course, material_type, material_id, level, attempts, mastery, interval_hours,
                                    due_at, last_reviewed_at, learned_at, version, servable)
      values (p_user, p_course, p_material_type, p_material_id, p_level, p_attempts, p_mastery, p_interval_hours,
              p_due_at, p_reviewed_at, p_reviewed_at, v_new,
              coalesce((select m.servable from materials m where m.material_type = p_material_type and m.material_id = p_material_id), false))
      on conflict (user_id, course, material_type, material_id) do update
        set attempts = excluded.attempts, mastery = excluded.mastery, interval_hours = excluded.interval_hours,
            due_at = excluded.due_at, last_reviewed_at = excluded.last_reviewed_at, version = excluded.version,
            learned_at = case when p_learned then excluded.learned_at else c.learned_at end;

      if p_learned then
        select * into u from study_first_unlearned(p_user, p_course);
        if found then
          insert into lesson_floors as fl (user_id, course, level, position, material_type, material_id, revision)
          values (p_user, p_course, u.level, u.position, u.material_type, u.material_id, (select r.revision from catalogue_revision r))
          on conflict (user_id, course) do update
            set level = excluded.level, position = excluded.position, material_type = excluded.material_type,
                material_id = excluded.material_id, revision = excluded.revision;
        end if;
      end if;
    end if;
  end if;

  -- Also for a duplicate: a retry after the key's record was lost restores it, so a later reuse of the key with
  -- another body is refused again.
  if p_idempotency_key is not null then
    insert into idempotency_keys (scope, key, request_hash, status_code)
    values (p_idempotency_scope, p_idempotency_key, p_request_hash, 200)
    on conflict do nothing;
  end if;
end $$;
