-- The catch-up plan's share of the day in the study panel's counts (issue 30, item 4, gap 1).
--
-- During a plan review_count still counts every due review (1,200), but study_next_card serves only the day's
-- quota: a session that said "Review 1/1200" stopped after 84. study_next_card gains one column, plan_left_today:
-- with a plan running and the learner not gone on past it today, the reviews it will still serve today
-- (least(review_count, daily_quota - done today), 0 once the day's share is done); null otherwise. study_grade, which
-- answers the grade's next card from study_next_card in the same statement, passes it on. A function's columns
-- cannot change in place, so both are dropped and created again in this migration's transaction; their bodies are
-- 052's (study_next_card) and 046's (study_grade) with the one column added. Callers that name the other columns
-- (an older deployment during a rollout) read the same values as before.
drop function if exists study_grade(uuid, text, text, text, bigint, uuid, text, smallint, jsonb, jsonb, uuid, text, int, smallint, jsonb, boolean,
                                    text, text, text, boolean, timestamptz, int, int, boolean);
drop function if exists study_next_card(uuid, text, timestamptz, int, int, boolean, text, int, boolean);

create function study_next_card(
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

-- As migration 046, passing plan_left_today on.
create function study_grade(
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
