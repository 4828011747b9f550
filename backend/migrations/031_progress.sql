-- Progress read models (DESIGN.md §3 async projections, §4 levels, stats, awards). Every table here is owned
-- by one projection of backend/src/progress and rebuilt from the event log by `projections:rebuild`.
-- The review forecast has no table: it is a query on card_states (index card_states_due).

-- projection progress_levels: cards per mastery, per user, course and level (untrained = servable materials
-- of the level − learned, computed when read) ...
create table progress_level_counts (
  user_id      uuid not null,
  course       text not null,
  level        smallint not null,
  learning     int not null,
  intermediate int not null,
  mastered     int not null,
  primary key (user_id, course, level)
);
-- ... and the user's level per course (the lowest level whose cards are not all intermediate or better).
-- changed_position is the global position of the grade that last changed it: the grade response reports
-- new_level only for its own position, so a level-up is announced exactly once.
create table progress_levels (
  user_id          uuid not null,
  course           text not null,
  level            smallint not null,
  changed_position bigint null,
  changed_at       timestamptz null,
  primary key (user_id, course)
);

-- projection progress_activity: the time zone each user had at each point of the log (study days are
-- calendar days in it), the days studied per course, and lesson/review counts.
create table progress_user_timezones (
  user_id  uuid primary key,
  timezone text not null
);
create table progress_study_days (
  user_id uuid not null,
  course  text not null,
  day     date not null,
  primary key (user_id, course, day)
);
create table progress_activity (
  user_id         uuid not null,
  course          text not null,
  lessons         bigint not null,
  reviews         bigint not null,
  study_days      int not null,
  last_studied_at timestamptz not null,
  primary key (user_id, course)
);

-- projection progress_awards: the awards granted (AwardGranted events of the awards reactor).
create table progress_awards (
  user_id    uuid not null,
  course     text not null,
  award_id   smallint not null,
  granted_at timestamptz not null,
  primary key (user_id, course, award_id)
);
