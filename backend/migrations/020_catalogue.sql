-- The catalogue: projections of the material events (MaterialImported / MaterialRevised). Written inline in
-- the transaction of their events (the content loader and admin edits read their own writes), rebuildable.

-- One row per study card material: a kana, a kanji reading, or a vocab word.
create table materials (
  material_type text not null check (material_type in ('kana', 'reading', 'vocab')),
  material_id   int not null,
  course        text not null,
  level         smallint not null check (level between 1 and 9),
  position      int not null,            -- lesson order within the course
  version       bigint not null,         -- the material stream's version: admin edits send it back (409 when stale)
  servable      boolean not null,        -- has sentence, meaning and kana: only these are taught
  data          jsonb not null,          -- the Material fields of SPEC §3 as served on a flashcard
  updated_at    timestamptz not null default now(),
  primary key (material_type, material_id)
);
-- Next new card of a course: lowest level, then lesson position.
create index materials_lesson_order on materials (course, level, position) where servable;
create index materials_admin_list on materials (material_type, course, level, position);

-- Dictionary entries (light list rows + full detail).
create table kanji_entries (
  id        int primary key,
  character text not null unique,
  course    text not null,
  level     smallint not null,
  grade     smallint not null,       -- dictionary tab: school grade 1-6, 7-9
  position  int not null,
  data      jsonb not null
);
create index kanji_entries_tab on kanji_entries (course, grade, position);

create table vocab_entries (
  id        int primary key,
  course    text not null,
  level     smallint not null,
  tab       text not null,
  position  int not null,
  data      jsonb not null
);
create index vocab_entries_tab on vocab_entries (course, tab, position);

create table kana_entries (
  id        int primary key,
  kana      text not null unique,
  script    text not null,
  row       text not null,
  level     smallint not null,
  position  int not null,
  data      jsonb not null
);

create table sentences (
  id            int primary key,
  material_type text not null,
  material_id   int not null,
  data          jsonb not null
);
create index sentences_material on sentences (material_type, material_id);

-- Which content version was loaded last (the loader appends only what changed).
create table content_versions (
  file       text primary key,
  sha256     text not null,
  loaded_at  timestamptz not null default now()
);
