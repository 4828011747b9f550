-- The scheduler's memory of each card (issue 30, scheduler version 3): card_states.memory holds what the interval
-- rule keeps between answers (the earned interval, the card's ease, what a lapse kept; study/scheduler/card.ts),
-- and every grade event records it (memoryAfter), so a rebuild gives the same rows. Cards graded before have none:
-- the rule starts their memory from their interval at their next answer.
--
-- The grade's write now takes the card's state as one jsonb (p_state), the row that study/card-states.store.ts
-- cardStateRecord() writes for every writer (grade, undo, rebuild), instead of one argument per column: a field
-- the scheduler adds is written by changing that one function, not every signature. The functions of migrations
-- 043/044 with the old signatures stay for an app of the previous version still running during a deploy (they
-- leave memory as it was); a later migration drops them.

alter table card_states add column if not exists memory jsonb;

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
                                    due_at, last_reviewed_at, learned_at, memory, version, servable)
      values (p_user, p_course, p_material_type, p_material_id, p_level, (p_state->>'attempts')::int, p_state->>'mastery',
              (p_state->>'interval_hours')::int, (p_state->>'due_at')::timestamptz, (p_state->>'last_reviewed_at')::timestamptz,
              (p_state->>'learned_at')::timestamptz, p_state->'memory', v_new,
              coalesce((select m.servable from materials m where m.material_type = p_material_type and m.material_id = p_material_id), false))
      on conflict (user_id, course, material_type, material_id) do update
        set attempts = excluded.attempts, mastery = excluded.mastery, interval_hours = excluded.interval_hours,
            due_at = excluded.due_at, last_reviewed_at = excluded.last_reviewed_at, memory = excluded.memory,
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

-- As migration 044, with the card's memory in the card it serves (the grade buttons preview from it).
create or replace function study_next_card(
  p_user uuid, p_course text, p_now timestamptz, p_reviewable int, p_new_level int, p_prefer_new boolean,
  p_skip_type text, p_skip_id int, p_with_card boolean,
  out card json, out review_count int, out next_due timestamptz, out learned_count int, out new_level int, out learned_open int
)
language plpgsql stable as $$
#variable_conflict use_column
begin
  new_level := p_new_level;
  select count(*)::int,
         count(*) filter (where c.level <= p_new_level and c.servable)::int,
         count(*) filter (where c.due_at <= p_now and c.level <= p_reviewable and c.servable)::int
    into learned_count, learned_open, review_count
    from card_states c where c.user_id = p_user and c.course = p_course;
  select min(c.due_at) into next_due
    from card_states c where c.user_id = p_user and c.course = p_course and c.level <= p_reviewable and c.servable;
  if not p_with_card then return; end if;

  -- Two passes at most: the preferred kind of card, then the other one.
  for pass in 1..2 loop
    if (pass = 1) <> p_prefer_new then
      -- The first due card that may be served (study_first_due walks card_states_due in due order).
      select json_build_object('material_type', m.material_type, 'material_id', m.material_id, 'course', m.course,
               'level', m.level, 'data', m.data, 'card', json_build_object('level', c.level, 'attempts', c.attempts, 'mastery', c.mastery,
               'interval_hours', c.interval_hours, 'due_at', c.due_at, 'version', c.version, 'memory', c.memory))
        into card
        from study_first_due(p_user, p_course, p_now, p_reviewable, p_skip_type, p_skip_id) d
        join card_states c on c.user_id = p_user and c.course = p_course and c.material_type = d.material_type and c.material_id = d.material_id
        join materials m on m.material_type = d.material_type and m.material_id = d.material_id;
    else
      -- The first unlearned material in lesson order up to the new-card level (study_first_unlearned walks the
      -- lesson index from the learner's lesson floor).
      select json_build_object('material_type', m.material_type, 'material_id', m.material_id, 'course', m.course,
               'level', m.level, 'data', m.data, 'card', null)
        into card
        from study_first_unlearned(p_user, p_course, p_skip_type, p_skip_id) u
        join materials m on m.material_type = u.material_type and m.material_id = u.material_id
       where u.level <= p_new_level;
    end if;
    exit when card is not null;
  end loop;
end $$;

-- As migration 044, with the card's state as one jsonb (above).
create or replace function study_grade(
  p_user uuid, p_course text,
  p_stream_id text, p_stream_type text, p_expected bigint,
  p_event_id uuid, p_type text, p_schema_version smallint, p_data jsonb, p_metadata jsonb, p_actor uuid,
  p_material_type text, p_material_id int, p_level smallint, p_state jsonb, p_learned boolean,
  p_idempotency_scope text, p_idempotency_key text, p_request_hash text,
  p_next boolean, p_now timestamptz, p_reviewable int, p_new_level int, p_prefer_new boolean,
  out stream_version bigint, out global_position bigint, out transaction_id xid8, out duplicate boolean,
  out card json, out review_count int, out next_due timestamptz, out learned_count int, out new_level int, out learned_open int
)
language plpgsql as $$
#variable_conflict use_column
begin
  select r.stream_version, r.global_position, r.transaction_id, r.duplicate
    into stream_version, global_position, transaction_id, duplicate
    from study_record_grade(p_stream_id, p_stream_type, p_expected, p_event_id, p_type, p_schema_version, p_data, p_metadata, p_actor,
                            p_user, p_course, p_material_type, p_material_id, p_level, p_state, p_learned,
                            p_idempotency_scope, p_idempotency_key, p_request_hash) r;
  if p_next and not duplicate then
    select n.card, n.review_count, n.next_due, n.learned_count, n.new_level, n.learned_open
      into card, review_count, next_due, learned_count, new_level, learned_open
      from study_next_card(p_user, p_course, p_now, p_reviewable, p_new_level, p_prefer_new, null, null, true) n;
  end if;
end $$;
