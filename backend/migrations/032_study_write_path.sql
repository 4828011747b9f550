-- The grade write path in one round trip, and the next new card without walking every learned card.
--
-- Measured on this kind of machine (2 vCPU, PostgreSQL and the app on the same host): a round trip costs more
-- than most of our statements (the bench's profile showed a quarter of the app's CPU in socket writes), and
-- the next-new-card search probed every learned card of the course in lesson order on each grade (3.6 ms for
-- a learner with 100 cards, growing with every card learned). See docs/decisions.md "Grade path".

-- The lesson walk orders by the full key, so ties of (level, position) still have one order, and a floor
-- can be stored as a position in it.
drop index if exists materials_lesson_order;
create index materials_lesson_order on materials (course, level, position, material_type, material_id) where servable;

-- Per learner and course, a point in the lesson order before which every servable material is learned. It is
-- a hint, never the truth: it is only used while the catalogue is at the revision it was computed for (any
-- catalogue change bumps catalogue_revision), and the walk from it still checks card_states.
create table lesson_floors (
  user_id       uuid not null,
  course        text not null,
  level         smallint not null,
  position      int not null,
  material_type text not null,
  material_id   int not null,
  revision      bigint not null,
  primary key (user_id, course)
);

-- The first servable material of the course, in lesson order, that the user has not learned (any level; the
-- caller applies its level cap). Walks the lesson index one entry at a time from the floor, so it costs the
-- cards learned out of order after the floor, not every learned card. p_skip_*: a material to look past (the
-- card on the learner's screen, for the study panel's look-ahead: GET /api/flashcard?after=…).
create or replace function study_first_unlearned(p_user uuid, p_course text, p_skip_type text default null, p_skip_id int default null)
returns table (level smallint, "position" int, material_type text, material_id int)
language plpgsql stable as $$
#variable_conflict use_column
declare
  m record;
  first boolean := true;
begin
  -- From the floor (inclusive), or from before the first entry when there is no valid floor.
  select fl.level, fl.position, fl.material_type, fl.material_id into m
    from lesson_floors fl
   where fl.user_id = p_user and fl.course = p_course
     and fl.revision = (select r.revision from catalogue_revision r);
  if not found then
    select 0::smallint as level, (-2147483648)::int as position, ''::text as material_type, (-2147483648)::int as material_id into m;
  end if;
  loop
    if first then
      select x.level, x.position, x.material_type, x.material_id into m from materials x
       where x.course = p_course and x.servable
         and (x.level, x.position, x.material_type, x.material_id) >= (m.level, m.position, m.material_type, m.material_id)
       order by x.level, x.position, x.material_type, x.material_id limit 1;
    else
      select x.level, x.position, x.material_type, x.material_id into m from materials x
       where x.course = p_course and x.servable
         and (x.level, x.position, x.material_type, x.material_id) > (m.level, m.position, m.material_type, m.material_id)
       order by x.level, x.position, x.material_type, x.material_id limit 1;
    end if;
    if not found then return; end if;
    first := false;
    if (p_skip_type is null or m.material_type <> p_skip_type or m.material_id <> p_skip_id)
       and not exists (select 1 from card_states c where c.user_id = p_user and c.course = p_course
                     and c.material_type = m.material_type and c.material_id = m.material_id) then
      return query select m.level, m.position, m.material_type, m.material_id;
      return;
    end if;
  end loop;
end $$;

-- One grade: the card event (append_events: expected version, retried event ids answer the original), the
-- card's inline state, the Idempotency-Key's request hash (so the same key with another body is refused) and,
-- after a lesson, the learner's lesson floor. A retried grade (duplicate) records no event and no state.
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
    insert into card_states as c (user_id, course, material_type, material_id, level, attempts, mastery, interval_hours,
                                  due_at, last_reviewed_at, learned_at, version)
    values (p_user, p_course, p_material_type, p_material_id, p_level, p_attempts, p_mastery, p_interval_hours,
            p_due_at, p_reviewed_at, p_reviewed_at, a.stream_version)
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
