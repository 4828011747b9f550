-- study_known_words: the words of a card's sentences the learner knows (first defined in migration 047).
--
-- Which words of a card's sentence the learner knows (issue 31, item 2): the furigana setting promises fainter
-- readings "for words you know", and a word is known when the learner's vocab card of it is Intermediate or
-- Mastered. study_known_words answers it for every breakdown word of a card's material (its sentence and the
-- other sentences it takes turns with) in one call: the next-card statement, the grade's statement and the one-card
-- read call it on the card they already return, so a card costs no round trip more and no query per word.
-- materials_vocab_word finds a word's vocab materials; card_states' primary key finds the learner's card of each.

create or replace function study_known_words(p_user uuid, p_data jsonb) returns text[]
language sql stable as $$
  select coalesce(array_agg(w.word order by w.word), '{}')
    from (select distinct word
            from (select jsonb_path_query(p_data, '$.sentence_breakdown[*].word') #>> '{}' as word
                  union all
                  select jsonb_path_query(p_data, '$.other_sentences[*].sentence_breakdown[*].word') #>> '{}') all_words
           where word is not null) w
   where exists (select 1
                   from materials m
                   join card_states c on c.user_id = p_user and c.course = m.course and c.material_type = m.material_type
                                     and c.material_id = m.material_id
                  where m.material_type = 'vocab' and m.data->>'vocab' = w.word and c.mastery in ('intermediate', 'mastered'))
$$;
