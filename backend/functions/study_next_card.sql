-- study_next_card: the next card of a course for a learner, and the counts the study panel shows (defined in
-- migrations 044, 046, 051, 052, 057; this file is the live definition). GET /api/flashcard calls it, and study_grade
-- calls it right after the grade's write. The learner's level stays the progress context's: callers pass
-- p_new_level, computed by the level expression the StudyLevels port gives them.
--
--   * reviews are paywalled by level like lessons (p_reviewable: the highest level a review may have);
--   * new cards come from levels up to p_new_level; words the learner queued from a text (reader_queued_words,
--     migration 048) come first, at any level p_reviewable opens, then the lesson order;
--   * p_prefer_new: a new card first (a lesson batch goes on), then a due review; else due reviews first;
--   * with a catch-up plan running (a row of study_catch_up_plans whose ends_at is still ahead, migration 052):
--     reviews come most at risk first (study_most_at_risk), and once the day's quota is done (cards learned before
--     today and reviewed today, since the plan was chosen; "today" in the learner's time zone) no more reviews are
--     served that day unless the learner chose to go on (continued_on = today). With reviews asked for and the
--     day's plan done, no lesson is slipped in instead: the answer is "no card";
--   * p_skip_*: a card to look past (the one on the learner's screen, for the study panel's look-ahead);
--   * cards whose material is not served are neither due nor open (card_states.servable, migration 040);
--   * p_with_card false: the counts only.
-- The candidate card that is not needed is never searched for: a learner with reviews due never pays for the
-- lesson walk. The card queries are written out here, not in SQL functions of their own: plpgsql keeps its
-- statements' plans, while a SQL function called from it would be planned again on every call.

create or replace function study_next_card(
  p_user uuid, p_course text, p_now timestamptz, p_reviewable int, p_new_level int, p_prefer_new boolean,
  p_skip_type text, p_skip_id int, p_with_card boolean,
  out card json, out review_count int, out next_due timestamptz, out learned_count int, out new_level int, out learned_open int,
  out plan_left_today int
)
language plpgsql stable as $$
#variable_conflict use_column
declare
  v_plan study_catch_up_plans%rowtype;
  v_zone text;
  v_day_start timestamptz;
  v_since timestamptz;
  v_done int := 0;
  v_blocked boolean := false;
begin
  new_level := p_new_level;
  select * into v_plan from study_catch_up_plans p where p.user_id = p_user and p.course = p_course and p.ends_at > p_now;
  if found then
    select u.timezone into v_zone from users u where u.id = p_user;
    v_zone := coalesce(v_zone, 'UTC');
    v_day_start := date_trunc('day', p_now at time zone v_zone) at time zone v_zone;
    v_since := greatest(v_day_start, v_plan.chosen_at);
  end if;
  select count(*)::int,
         count(*) filter (where c.level <= p_new_level and c.servable)::int,
         count(*) filter (where c.due_at <= p_now and c.level <= p_reviewable and c.servable)::int,
         count(*) filter (where v_since is not null and c.last_reviewed_at >= v_since and c.learned_at < v_day_start)::int
    into learned_count, learned_open, review_count, v_done
    from card_states c where c.user_id = p_user and c.course = p_course;
  if v_since is not null then
    v_blocked := v_done >= v_plan.daily_quota
                 and (v_plan.continued_on is null or v_plan.continued_on < (p_now at time zone v_zone)::date);
    -- What is left of the day's share: the reviews this function will still serve today (none once it is done),
    -- unless the learner went on past it today (then every due review is served, and review_count says so).
    if v_plan.continued_on is null or v_plan.continued_on < (p_now at time zone v_zone)::date then
      plan_left_today := least(review_count, greatest(0, v_plan.daily_quota - v_done));
    end if;
  end if;
  select min(c.due_at) into next_due
    from card_states c where c.user_id = p_user and c.course = p_course and c.level <= p_reviewable and c.servable;
  if not p_with_card then return; end if;

  -- Two passes at most: the preferred kind of card, then the other one.
  for pass in 1..2 loop
    if (pass = 1) <> p_prefer_new then
      if v_blocked then
        card := null;
      elsif v_since is not null then
        -- A catch-up plan: the due card most at risk.
        select json_build_object('material_type', m.material_type, 'material_id', m.material_id, 'course', m.course,
                 'level', m.level, 'data', m.data, 'card', json_build_object('level', c.level, 'attempts', c.attempts, 'mastery', c.mastery,
                 'interval_hours', c.interval_hours, 'due_at', c.due_at, 'version', c.version, 'memory', c.memory))
          into card
          from study_most_at_risk(p_user, p_course, p_now, p_reviewable, p_skip_type, p_skip_id) d
          join card_states c on c.user_id = p_user and c.course = p_course and c.material_type = d.material_type and c.material_id = d.material_id
          join materials m on m.material_type = d.material_type and m.material_id = d.material_id;
      else
        -- The first due card that may be served (study_first_due walks card_states_due in due order).
        select json_build_object('material_type', m.material_type, 'material_id', m.material_id, 'course', m.course,
                 'level', m.level, 'data', m.data, 'card', json_build_object('level', c.level, 'attempts', c.attempts, 'mastery', c.mastery,
                 'interval_hours', c.interval_hours, 'due_at', c.due_at, 'version', c.version, 'memory', c.memory))
          into card
          from study_first_due(p_user, p_course, p_now, p_reviewable, p_skip_type, p_skip_id) d
          join card_states c on c.user_id = p_user and c.course = p_course and c.material_type = d.material_type and c.material_id = d.material_id
          join materials m on m.material_type = d.material_type and m.material_id = d.material_id;
      end if;
      -- Reviews asked for and the day's plan done: no lesson instead.
      exit when v_blocked and not p_prefer_new;
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
