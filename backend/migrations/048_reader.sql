-- Read with Kioku (issue 32): a learner's kept texts and the words they queued from them.
--
-- The texts are events (TextSaved on the learner's `reader-<user>` stream), sealed with a key of their own: the key
-- lives here, not in the event, so deleting a text (or the account) deletes its key and the event's title and text
-- can never be read again (crypto-shredding), while the history stays append-only (DESIGN §3: events are never
-- rewritten). reader_texts is the read model of the texts whose key still exists.

create table reader_text_keys (
  text_id    uuid primary key,
  user_id    uuid not null,
  key        bytea not null,
  created_at timestamptz not null default now()
);
create index reader_text_keys_user on reader_text_keys (user_id);

create table reader_texts (
  text_id     uuid primary key,
  user_id     uuid not null,
  title       text not null,
  body        text not null,
  created_at  timestamptz not null,
  -- the text's distinct course words (vocab material ids) and how many of its words are in no course, as analysed
  -- when kept: the list's "share known now" reads the learner's cards of these, no text is analysed again for it
  vocab_ids   int[] not null default '{}',
  outside     int not null default 0
);
create index reader_texts_user on reader_texts (user_id, created_at desc);

-- "Learn these": one row per queue (WordsQueuedFromText), one per word it queued. A word is queued once per learner
-- (the first queue keeps it); undoing a queue removes its words that were not learned yet.
create table reader_queues (
  queue_id   uuid primary key,
  user_id    uuid not null,
  text_id    uuid null,
  queued_at  timestamptz not null,
  undone_at  timestamptz null
);
create index reader_queues_user on reader_queues (user_id, queued_at desc);

create table reader_queued_words (
  user_id       uuid not null,
  course        text not null,
  material_type text not null,
  material_id   int not null,
  queue_id      uuid not null,
  queued_at     timestamptz not null,
  seq           int not null,           -- order within the queue (the order the learner picked, text order)
  primary key (user_id, course, material_type, material_id)
);
-- The next lesson's look-up (study_next_card, migration 051): the learner's queued words of a course in queue order.
create index reader_queued_words_next on reader_queued_words (user_id, course, queued_at, seq);
create index reader_queued_words_queue on reader_queued_words (queue_id);
