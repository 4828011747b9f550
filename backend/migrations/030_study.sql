-- Study (DESIGN.md §3 "inline state", §4): the current schedule of every learned card. Written in the same
-- transaction as the card's event (CardLearned / CardGraded), so the very next request sees it. A card
-- exists per (user, course, material) once learned; untrained cards are the materials not in this table.
create table card_states (
  user_id          uuid not null,
  course           text not null,
  material_type    text not null,
  material_id      int not null,
  -- the material's level when the card was learned: every event of the card carries this same level, so the
  -- progress counts stay consistent even if the catalogue later moves the material to another level
  level            smallint not null check (level between 1 and 9),
  attempts         int not null,
  mastery          text not null check (mastery in ('learning', 'intermediate', 'mastered')),
  interval_hours   int not null,
  due_at           timestamptz not null,
  last_reviewed_at timestamptz not null,
  learned_at       timestamptz not null,
  version          bigint not null,          -- the card stream's version (expected version of the next grade)
  -- the primary key also answers "is this material learned?" for the next-new-card anti-join and the
  -- learned count of a course
  primary key (user_id, course, material_type, material_id)
);
-- Due reviews (oldest first, ties by material: the index order itself, so the next review is the first
-- entry, not a sort of everything due), the review count, the next due time and the review forecast: one
-- range scan per user and course; `level` is included so the paywall filter needs no heap visit.
create index card_states_due on card_states (user_id, course, due_at, material_type, material_id) include (level);
