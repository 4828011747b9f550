-- Queued words first (issue 32, "Read with Kioku"): the next new card of a course is the learner's first queued
-- word (reader_queued_words, migration 048) not learned yet, then the lesson order as before. Otherwise as
-- migration 046. study_grade calls study_next_card by name, so the grade's next card follows with no change.

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
      -- Words the learner queued from a text (issue 32, "Learn these") come first, in queue order: any level the
      -- learner's plan opens (p_reviewable: the paywall), whatever their course level, as long as the material is
      -- served and the learner has no card of it yet.
      select json_build_object('material_type', m.material_type, 'material_id', m.material_id, 'course', m.course,
               'level', m.level, 'data', m.data, 'card', null)
        into card
        from (select q.material_type, q.material_id
                from reader_queued_words q
               where q.user_id = p_user and q.course = p_course
                 and (p_skip_type is null or q.material_type <> p_skip_type or q.material_id <> p_skip_id)
                 and not exists (select 1 from card_states c where c.user_id = p_user and c.course = p_course
                                   and c.material_type = q.material_type and c.material_id = q.material_id)
                 and exists (select 1 from materials x where x.material_type = q.material_type and x.material_id = q.material_id
                               and x.servable and x.level <= p_reviewable)
               order by q.queued_at, q.seq
               limit 1) q
        join materials m on m.material_type = q.material_type and m.material_id = q.material_id;
      exit when card is not null;
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
