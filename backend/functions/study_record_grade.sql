-- study_record_grade: the grade's write, one statement (defined in migrations 032, 040, 042, 043, 046, 050; this
-- file is the live definition).
--
-- Appends the grade's one event itself, with scalar arguments and OUT parameters (migration 043: a scalar plpgsql
-- append cost 0.175 ms of PostgreSQL CPU per call against 0.24-0.27 ms through append_events). The append's rules
-- are the event store's (append_events) for one event:
--   * an event id already stored answers the stored positions with duplicate = true (an idempotent retry), and
--     writes no card state;
--   * p_expected: -1 any version, 0 the stream must not exist yet, n the stream must be at version n; a miss
--     raises SQLSTATE 'KC409' unless a concurrent retry of this very event won the race (then its result).
-- Then, in the same transaction: the shared advisory lock taken first (card_states rebuilds and servable syncs take
-- it exclusively), the card's inline state, the lesson floor after a lesson, and the Idempotency-Key's request hash.
--
-- p_state is the card's row as study/card-states.store.ts cardStateRecord() gives it (the one place a card's state
-- becomes its columns, for the grade, the undo and the rebuild). A p_state without lapses/leech_since (an app of a
-- version before migration 050) writes 0 and null.
--
-- The overload with one argument per column (migration 043) is still in the database, unchanged, for an app of a
-- version before migration 046 during a deploy; it is not redefined here because it never changes: a numbered
-- migration drops it.

create or replace function study_record_grade(
  p_stream_id text, p_stream_type text, p_expected bigint,
  p_event_id uuid, p_type text, p_schema_version smallint, p_data jsonb, p_metadata jsonb, p_actor uuid,
  p_user uuid, p_course text, p_material_type text, p_material_id int, p_level smallint, p_state jsonb, p_learned boolean,
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
                                    due_at, last_reviewed_at, learned_at, memory, lapses, leech_since, version, servable)
      values (p_user, p_course, p_material_type, p_material_id, p_level, (p_state->>'attempts')::int, p_state->>'mastery',
              (p_state->>'interval_hours')::int, (p_state->>'due_at')::timestamptz, (p_state->>'last_reviewed_at')::timestamptz,
              (p_state->>'learned_at')::timestamptz, p_state->'memory', coalesce((p_state->>'lapses')::int, 0),
              (p_state->>'leech_since')::timestamptz, v_new,
              coalesce((select m.servable from materials m where m.material_type = p_material_type and m.material_id = p_material_id), false))
      on conflict (user_id, course, material_type, material_id) do update
        set attempts = excluded.attempts, mastery = excluded.mastery, interval_hours = excluded.interval_hours,
            due_at = excluded.due_at, last_reviewed_at = excluded.last_reviewed_at, memory = excluded.memory,
            lapses = excluded.lapses, leech_since = excluded.leech_since,
            version = excluded.version, learned_at = excluded.learned_at;

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
