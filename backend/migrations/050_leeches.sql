-- Leeches (issue 31, item 11): a card failed in review LEECH_LAPSES (8) times since it was learned or re-learned
-- is a leech (study/leeches/leech.rule.ts). card_states keeps the count and since when the card is a leech,
-- written with the grade from the state the grade event records (lapsesAfter, leechSince), by the undo and by
-- the rebuild (cardStateRecord): the dashboard's list is then one indexed read of the learner's leeches.
--
-- study_record_grade (as in migration 046) now also writes p_state's lapses and leech_since; a p_state without
-- them (an app of the previous version during a deploy) writes 0 and null, and the card's next grade by this
-- version counts from there.

alter table card_states add column if not exists lapses int not null default 0;
alter table card_states add column if not exists leech_since timestamptz;

-- The learner's leeches, newest mark first: a partial index, since few cards are leeches.
create index if not exists card_states_leeches on card_states (user_id, leech_since desc) where leech_since is not null;

-- The cards graded before this migration: their lapses are the failed reviews not taken back. (No re-learn exists
-- yet.) The threshold is the rule's constant at the time of writing; a card at it is a leech since its last review.
-- `projections:rebuild card_states` gives the same figures from the log (evolve counts grades without lapsesAfter).
update card_states c
   set lapses = f.lapses
  from (select e.stream_id,
               count(*) filter (where e.event_type = 'CardGraded' and e.data->>'grade' = '0')
             - count(*) filter (where e.event_type = 'CardGradeUndone' and e.data->>'undoneType' = 'CardGraded' and e.data->>'undoneGrade' = '0') as lapses
          from events e
         where e.event_type in ('CardGraded', 'CardGradeUndone')
         group by e.stream_id) f
 where f.stream_id = 'card-' || c.user_id::text || '-' || c.course || '-' || c.material_type || '-' || c.material_id
   and f.lapses > 0;
update card_states set leech_since = last_reviewed_at where lapses >= 8 and leech_since is null;

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
