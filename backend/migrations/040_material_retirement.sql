-- Retiring materials (backend/src/content/catalogue/README.md "Retiring"; docs/decisions.md "Retired materials").
--
-- A material that leaves the content files gets a MaterialRetired event: it is no longer taught, listed in the
-- dictionary or counted, but its stream, its learners' cards and their history stay. A learner's card of a
-- material that is not servable (retired, or a reading card whose word is retired, or without a sentence) is
-- neither served nor counted: card_states.servable mirrors materials.servable, so the study panel's counts,
-- the forecast and the progress counts leave such cards out with a flag test instead of a join per card.

-- The catalogue: the fold's retirement flag and who brought the material in, and the card rows' flag.
alter table material_states add column retired text null check (retired in ('removed-from-content', 'admin'));
alter table material_states add column origin text not null default 'content' check (origin in ('content', 'admin'));
-- Materials an admin created (generated sentences) are the ones imported without a content file's sha256.
update material_states set origin = 'admin' where content_version is null;
alter table materials add column retired boolean not null default false;

-- The learners' cards: whether the card's material is servable now. Kept by study_sync_card_servable, which
-- the catalogue calls in the transaction of every change that flips a material's servable flag, and set from
-- the material when a card is first written.
alter table card_states add column servable boolean not null default true;
update card_states c set servable = false
  from materials m
 where m.material_type = c.material_type and m.material_id = c.material_id and not m.servable;

-- The due index carries the flag, so the due count, the next due time and the forecast stay index-only scans.
drop index if exists card_states_due;
create index card_states_due on card_states (user_id, course, due_at, material_type, material_id) include (level, servable);
-- A learner's cards that are not served, per course: what the progress counts subtract (usually none).
create index card_states_unserved on card_states (user_id, course) include (level, mastery) where not servable;

-- Progress (projection progress_levels): what each course's levels were last computed against, so a batch of
-- material events recomputes every learner's level only when the catalogue changed what counts.
create table progress_catalogue_marks (
  course text primary key,
  mark   text not null    -- servable materials per level and unserved cards (progress/catalogue-counts.ts)
);

-- Taken shared by every grade before it writes its card (study_record_grade) and exclusively by a servable
-- sync: a new card written while a material flips reads the flip's outcome, and the sync sees every card
-- written before it. Transaction-level, PgBouncer-safe; the key is 'kios'.
create or replace function study_sync_card_servable(p_types text[], p_ids int[], p_servable boolean[])
returns bigint
language plpgsql as $$
declare
  n bigint;
begin
  perform pg_advisory_xact_lock(1802071923);
  -- No index leads from a material to its cards (every grade would pay for one): a flip, which only a content
  -- load or an admin's edit causes, costs one hash join over card_states instead.
  update card_states c set servable = f.servable
    from unnest(p_types, p_ids, p_servable) f(material_type, material_id, servable)
   where c.material_type = f.material_type and c.material_id = f.material_id and c.servable <> f.servable;
  get diagnostics n = row_count;
  return n;
end $$;

-- study_record_grade of 032_study_write_path.sql, with the card's servable flag: a new card takes its
-- material's, an existing one keeps its own (the catalogue keeps it up to date).
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
  select e.stream_version, e.global_position, e.transaction_id, e.duplicate into a
    from append_events(p_stream_id, p_stream_type, p_expected, p_event_ids, p_types, p_schema_versions, p_data, p_metadata, p_actor) e
   order by e.global_position desc limit 1;

  if not a.duplicate then
    -- Waits while a servable sync is running (study_sync_card_servable); the insert below, a statement of its
    -- own, then reads the material as the sync left it.
    perform pg_advisory_xact_lock_shared(1802071923);
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
