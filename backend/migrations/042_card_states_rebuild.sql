-- card_states becomes rebuildable (projections:rebuild card_states [--blue-green], issue 16). Its writers hold the
-- advisory lock 1802071923 (shared) from before they append a card event until they commit, instead of from the
-- card_states insert on: a rebuild holding it exclusively (study/card-states.projection.ts writeLock) then sees
-- every card event committed and none in flight, and the writers that come later wait and write to the rebuilt
-- table. The servable sync (migration 040) already takes it exclusively; a grade never waits longer than before
-- except while a rebuild switches tables.

create or replace function study_record_grade(
  p_stream_id text, p_stream_type text, p_expected bigint,
  p_event_ids uuid[], p_types text[], p_schema_versions smallint[], p_data jsonb[], p_metadata jsonb[], p_actor uuid,
  p_user uuid, p_course text, p_material_type text, p_material_id int, p_level smallint, p_attempts int,
  p_mastery text, p_interval_hours int, p_due_at timestamptz, p_reviewed_at timestamptz, p_learned boolean,
  p_idempotency_scope text, p_idempotency_key text, p_request_hash text
) returns table (stream_version bigint, global_position bigint, transaction_id xid8, duplicate boolean)
language plpgsql as $$
#variable_conflict use_column
declare
  a record;
  u record;
begin
  perform pg_advisory_xact_lock_shared(1802071923);
  select e.stream_version, e.global_position, e.transaction_id, e.duplicate into a
    from append_events(p_stream_id, p_stream_type, p_expected, p_event_ids, p_types, p_schema_versions, p_data, p_metadata, p_actor) e
   order by e.global_position desc limit 1;

  if not a.duplicate then
    -- The lock taken above also waits while a servable sync is running (study_sync_card_servable): the insert below
    -- then reads the material as the sync left it.
    insert into card_states as c (user_id, course, material_type, material_id, level, attempts, mastery, interval_hours,
                                  due_at, last_reviewed_at, learned_at, version, servable)
    values (p_user, p_course, p_material_type, p_material_id, p_level, p_attempts, p_mastery, p_interval_hours,
            p_due_at, p_reviewed_at, p_reviewed_at, a.stream_version,
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

  -- Also for a duplicate: a retry after the key's record was lost restores it, so a later reuse of the key with
  -- another body is refused again.
  if p_idempotency_key is not null then
    insert into idempotency_keys (scope, key, request_hash, status_code)
    values (p_idempotency_scope, p_idempotency_key, p_request_hash, 200)
    on conflict do nothing;
  end if;

  return query select a.stream_version, a.global_position, a.transaction_id, a.duplicate;
end $$;
