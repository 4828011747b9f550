-- The live definitions of the SQL functions (issue 33, item 2). A function was redefined by every migration that
-- changed it (study_record_grade in 032, 040, 042, 043, 046 and 050; study_next_card in 044, 046, 051 and 052), so
-- which definition was live took reading them all. Each function's current definition is now one file,
-- backend/functions/<name>.sql (create or replace only), and migrate() (platform/database/live-functions.ts)
-- applies, after the numbered migrations and under their advisory lock, every file whose sha256 differs from the one
-- recorded here. The numbered migrations stay as history: a migration that calls a function calls the history's
-- version of it, since the live files come after them all.
create table schema_functions (
  name       text primary key,   -- the file's name without .sql: the function it defines
  sha256     text not null,      -- of the file's text as last applied
  applied_at timestamptz not null default now()
);
