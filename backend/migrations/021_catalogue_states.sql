-- The catalogue projection's own tables, beside those of 020_catalogue.sql (backend/src/content/catalogue/README.md).

-- Current state of every material stream (material-<type>-<id>): the fold of its MaterialImported and
-- MaterialRevised events. The content loader compares the committed JSON against `data`; every other
-- catalogue table is derived from these rows.
create table material_states (
  material_type   text not null check (material_type in ('kana', 'reading', 'vocab', 'kanji', 'sentence')),
  material_id     int not null,
  version         bigint not null,          -- stream version of the last event folded in
  content_version text null,                -- sha256 of the content file of the last import/revision by the loader
  data            jsonb not null,
  admin_fields    text[] not null default '{}',  -- fields an admin changed: a content reload leaves them alone
  links           text[] not null default '{}',  -- materials this one refers to, as 'type:id' (reverse lookups)
  updated_at      timestamptz not null default now(),
  primary key (material_type, material_id)
);
create index material_states_links on material_states using gin (links);

-- Course words by the kanji they contain (kanji detail: "vocabs"), easiest first.
create table vocab_kanji (
  kanji    text not null,
  vocab_id int not null,
  rank     int not null,                   -- course order across vocab1 < vocab2 < vocab3
  primary key (kanji, vocab_id)
);
create index vocab_kanji_rank on vocab_kanji (kanji, rank);
create index vocab_kanji_vocab on vocab_kanji (vocab_id);

-- Bumped in every transaction that changes the catalogue: dictionary responses are cached per revision.
create table catalogue_revision (
  id         boolean primary key default true check (id),
  revision   bigint not null default 0,
  updated_at timestamptz not null default now()
);
insert into catalogue_revision (id, revision) values (true, 0);

-- How many entries the file had when it was loaded: a file is only skipped by its sha256 while the catalogue
-- still holds at least that many materials of its type.
alter table content_versions add column entries int null;
