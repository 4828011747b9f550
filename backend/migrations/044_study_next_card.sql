-- The next card in the grade's own round trip (issue 19).
--
-- A grade was four round trips: the session, the grade's read, its write, and the next card for the answer. The
-- next-card query now lives here, once, as study_next_card: GET /api/flashcard calls it, and study_grade calls it
-- right after the write, in the same statement and transaction, so the answer's next card costs no round trip
-- of its own. The learner's level stays the progress context's: callers pass p_new_level, computed by the
-- level expression the StudyLevels port gives them (an argument of the same statement).

-- The next card of a course for a learner, and the counts the study panel shows. Same rules as the statement
-- it replaces (study/get-flashcard/get-flashcard.query.ts before migration 044):
--   * reviews are paywalled by level like lessons (p_reviewable: the highest level a review may have);
--   * new cards come from levels up to p_new_level;
--   * p_prefer_new: a new card first (a lesson batch goes on), then a due review; else due reviews first;
--   * p_skip_*: a card to look past (the one on the learner's screen, for the study panel's look-ahead);
--   * cards whose material is not served are neither due nor open (card_states.servable, migration 040);
--   * p_with_card false: the counts only.
-- The candidate card that is not needed is never searched for: a learner with reviews due never pays for the
-- lesson walk. The card queries are written out here, not in SQL functions of their own: plpgsql keeps its
-- statements' plans, while a SQL function called from it would be planned again on every call.
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
               'interval_hours', c.interval_hours, 'due_at', c.due_at, 'version', c.version))
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

-- The grade's write (study_record_grade, migration 043) and, when p_next, the next card after it: one
-- statement, one transaction. The next card reads after the write (a statement of its own in here), so it
-- sees the graded card's new state and the lesson floor the write moved. Nothing is read for a duplicate (a
-- retried grade answers from the current state, as before), nor when the caller asks for none (a grade that
-- may raise the level reads its next card after the level read model has applied it).
create or replace function study_grade(
  p_user uuid, p_course text,
  p_stream_id text, p_stream_type text, p_expected bigint,
  p_event_id uuid, p_type text, p_schema_version smallint, p_data jsonb, p_metadata jsonb, p_actor uuid,
  p_material_type text, p_material_id int, p_level smallint, p_attempts int,
  p_mastery text, p_interval_hours int, p_due_at timestamptz, p_reviewed_at timestamptz, p_learned boolean,
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
                            p_user, p_course, p_material_type, p_material_id, p_level, p_attempts, p_mastery, p_interval_hours,
                            p_due_at, p_reviewed_at, p_learned, p_idempotency_scope, p_idempotency_key, p_request_hash) r;
  if p_next and not duplicate then
    select n.card, n.review_count, n.next_due, n.learned_count, n.new_level, n.learned_open
      into card, review_count, next_due, learned_count, new_level, learned_open
      from study_next_card(p_user, p_course, p_now, p_reviewable, p_new_level, p_prefer_new, null, null, true) n;
  end if;
end $$;
