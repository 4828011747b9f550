-- Vacation mode and back from a break (issue 30, item 4).
--
-- 1. Vacation: the user's current vacation is inline state of the user aggregate (VacationStarted/VacationEnded on
--    the user stream). Ending one shifts the learner's cards by the pause's length in card_states, in the same
--    transaction; the card_states projection applies the same VacationEnded events on a rebuild, at their place in
--    the log, so a rebuild gives the same rows (docs/decisions.md, "Vacation mode and back from a break").
alter table users add column if not exists vacation_started_at timestamptz;
alter table users add column if not exists vacation_returns_on date;

-- 2. The catch-up plan: one row per learner and course, written with its events (CatchUpPlanChosen/Continued/
--    Dropped, stream catch-up-<user>-<course>); the primary key is the next-card query's look-up.
create table if not exists study_catch_up_plans (
  user_id       uuid not null,
  course        text not null,
  days          smallint not null check (days between 1 and 60),
  -- the reviews due when the plan was chosen, and the day's quota it gave (ceil(reviews / days))
  reviews       int not null,
  daily_quota   int not null check (daily_quota > 0),
  chosen_at     timestamptz not null,
  -- the start of the learner's local day after the plan's last day: the plan is over from then
  ends_at       timestamptz not null,
  -- the local day on which the learner chose to go on past the day's quota
  continued_on  date,
  primary key (user_id, course)
);

-- The most-at-risk walk reads interval_hours of every due card: with it in the index, the due range is read from
-- the index alone (same key as before, so every other reader of card_states_due keeps its plan).
drop index if exists card_states_due;
create index card_states_due on card_states (user_id, course, due_at, material_type, material_id) include (level, servable, interval_hours);

-- The due review most at risk: furthest past due relative to its interval ((now - due_at) / interval, descending;
-- ties oldest due first, then the material, as study_first_due), paywalled and servable as study_first_due. The
-- due range comes from card_states_due alone (interval_hours is included) and is sorted there; the material's own
-- flags are checked on the first candidates only (card_states.servable mirrors them, so the first one nearly always
-- passes). The ratio in float8 (extract(epoch) is numeric, several times slower to sort). Measured in a scratch
-- database (205,000 card rows, one learner with 5,000 due, on the shared 2-core machine): 15 ms with the join before
-- the sort and numeric ratios, about 7 ms this way; study_first_due's due-order walk took about 3 ms there.
create or replace function study_most_at_risk(
  p_user uuid, p_course text, p_now timestamptz, p_max_level int, p_skip_type text default null, p_skip_id int default null
) returns table (material_type text, material_id int)
language plpgsql stable rows 1 as $$
#variable_conflict use_column
begin
  return query
    select d.material_type, d.material_id
      from (select c.material_type, c.material_id, c.due_at,
                   date_part('epoch', p_now - c.due_at) / (greatest(c.interval_hours, 1) * 3600.0::float8) as risk
              from card_states c
             where c.user_id = p_user and c.course = p_course and c.due_at <= p_now
               and c.level <= p_max_level and c.servable
               and (p_skip_type is null or c.material_type <> p_skip_type or c.material_id <> p_skip_id)
             order by risk desc, c.due_at, c.material_type, c.material_id
             limit 20) d
     where exists (select 1 from materials m where m.material_type = d.material_type and m.material_id = d.material_id
                     and m.servable and m.level <= p_max_level)
     order by d.risk desc, d.due_at, d.material_type, d.material_id
     limit 1;
  if found then return; end if;
  -- Twenty unservable in a row (a catalogue change not mirrored yet): the whole due range, checked.
  return query
    select c.material_type, c.material_id
      from card_states c
      join materials m on m.material_type = c.material_type and m.material_id = c.material_id
     where c.user_id = p_user and c.course = p_course and c.due_at <= p_now
       and c.level <= p_max_level and c.servable and m.servable and m.level <= p_max_level
       and (p_skip_type is null or c.material_type <> p_skip_type or c.material_id <> p_skip_id)
     order by date_part('epoch', p_now - c.due_at) / (greatest(c.interval_hours, 1) * 3600.0::float8) desc, c.due_at, c.material_type, c.material_id
     limit 1;
end $$;

-- study_next_card as migration 051 (queued words first for lessons), and with a catch-up plan running (a row of
-- study_catch_up_plans whose ends_at is still ahead): reviews come most at risk first, and once the day's quota is
-- done (cards learned before today and reviewed today, since the plan was chosen; "today" in the learner's time
-- zone) no more reviews are served that day unless the learner chose to go on (continued_on = today). With
-- reviews asked for (p_prefer_new false) and the day's plan done, no lesson is slipped in instead: the answer is
-- "no card", and the study panel says the day's plan is done. Same arguments and columns as 051, so study_grade
-- (046) follows with no change.
create or replace function study_next_card(
  p_user uuid, p_course text, p_now timestamptz, p_reviewable int, p_new_level int, p_prefer_new boolean,
  p_skip_type text, p_skip_id int, p_with_card boolean,
  out card json, out review_count int, out next_due timestamptz, out learned_count int, out new_level int, out learned_open int
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
