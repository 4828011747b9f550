-- study_grade: the grade's write and the next card in one statement (defined in migrations 044, 046 and 057; this file is
-- the live definition).
--
-- The grade's write (study_record_grade) and, when p_next, the next card after it: one statement, one transaction.
-- The next card reads after the write (a statement of its own in here), so it sees the graded card's new state and
-- the lesson floor the write moved. Nothing is read for a duplicate (a retried grade answers from the current state,
-- as before), nor when the caller asks for none (a grade that may raise the level reads its next card after the
-- level read model has applied it). p_state: the card's row, as study_record_grade.
--
-- The overload with one argument per column (migration 044) is still in the database, unchanged, for an app of a
-- version before migration 046 during a deploy; it is not redefined here because it never changes: a numbered
-- migration drops it.

create or replace function study_grade(
  p_user uuid, p_course text,
  p_stream_id text, p_stream_type text, p_expected bigint,
  p_event_id uuid, p_type text, p_schema_version smallint, p_data jsonb, p_metadata jsonb, p_actor uuid,
  p_material_type text, p_material_id int, p_level smallint, p_state jsonb, p_learned boolean,
  p_idempotency_scope text, p_idempotency_key text, p_request_hash text,
  p_next boolean, p_now timestamptz, p_reviewable int, p_new_level int, p_prefer_new boolean,
  out stream_version bigint, out global_position bigint, out transaction_id xid8, out duplicate boolean,
  out card json, out review_count int, out next_due timestamptz, out learned_count int, out new_level int, out learned_open int,
  out plan_left_today int
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
    select n.card, n.review_count, n.next_due, n.learned_count, n.new_level, n.learned_open, n.plan_left_today
      into card, review_count, next_due, learned_count, new_level, learned_open, plan_left_today
      from study_next_card(p_user, p_course, p_now, p_reviewable, p_new_level, p_prefer_new, null, null, true) n;
  end if;
end $$;
