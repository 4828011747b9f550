-- The learner's memory (issue 30, step 3 of the scheduler work): each learner's strength, fitted from their own
-- grade events by the scheduler's fitLearner (backend/src/study/scheduler/fit-learner.ts), for the grade and the
-- grade buttons' preview to pass to review()/preview(). Both tables are owned by the async projection
-- study_learner_memory (backend/src/study/learner-memory) and rebuilt from the event log by
-- `projections:rebuild study_learner_memory`: nothing here is a source of truth.

-- The grades fitLearner reads, one row per CardLearned / CardGraded / CardGradeUndone, in log order per learner:
-- the refit reads one learner's rows through the primary key instead of scanning the event store (events has no
-- index by user). Only what the fit reads is kept.
create table learner_grade_log (
  user_id         uuid not null,
  position        bigint not null,
  event_id        uuid not null,
  course          text not null,
  material_type   text not null,
  material_id     int not null,
  grade           smallint not null,
  reviewed_at     timestamptz not null,
  -- the interval the answer scheduled: the next review's delay is its gap over this
  interval_hours  int not null,
  -- a CardGradeUndone row: the grade it takes back (fitLearner leaves both out)
  undone_event_id uuid null,
  primary key (user_id, position)
);

-- One row per learner with a fit. strength null: not fitted yet (the scheduler's default applies).
-- grades_seen counts the log rows; grades_at_fit is grades_seen when it was last fitted (the refit cadence is
-- counted in grades, never in wall-clock time, so a rebuild refits at the same points and gives the same rows);
-- fitted_at is the recorded time of the event that triggered the fit; scheduler_version the rule whose replay
-- the fit used.
create table learner_memory (
  user_id           uuid primary key,
  strength          double precision null,
  grades_seen       int not null default 0,
  grades_at_fit     int not null default 0,
  fitted_at         timestamptz null,
  scheduler_version smallint null
);
