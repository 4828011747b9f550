import { Injectable } from '@nestjs/common';
import { AppError } from '../../../platform/errors/app-error';
import { CachedBody, DictionaryCache } from '../dictionary-cache';
import { VOCAB_TAB_IDS, VOCAB_TAB_LABELS, VocabCourse, tabsOf } from '../dictionary-access';

export interface VocabDetailMeta {
  /** level 1 or in the first (free) tab */
  free: boolean;
}

/** The vocab browser: the words of a course whose reading starts in one gojūon row, and one word with its sentence. */
@Injectable()
export class VocabsQuery {
  constructor(private readonly cache: DictionaryCache) {}

  list(course: VocabCourse, tab: string, fullAccess: boolean): Promise<CachedBody<undefined>> {
    return this.cache.get(`vocab-list:${course}:${tab}:${fullAccess ? 'all' : 'free'}`, async (db) => {
      const { rows } = await db.query(
        `select id, data->>'kanji' as kanji, data->>'reading' as reading, data->>'definition' as definition, level,
                data->>'note' as note
           from vocab_entries where course = $1 and tab = $2 order by position`,
        [course, tab],
      );
      const tabs = tabsOf(VOCAB_TAB_IDS, (id) => VOCAB_TAB_LABELS[id as keyof typeof VOCAB_TAB_LABELS], fullAccess);
      return { body: { course, tab, tabs, items: rows }, meta: undefined };
    });
  }

  detail(id: number): Promise<CachedBody<VocabDetailMeta>> {
    return this.cache.get(`vocab:${id}`, async (db) => {
      // Every sentence of the word, the first one first (a Vocab I word has two; the card alternates them).
      const { rows } = await db.query(
        `select v.id, v.level, v.tab, v.data,
                coalesce((select json_agg(json_build_object('id', s.id, 'data', s.data) order by array_position(x.ids, s.id))
                            from sentences s where s.id = any(x.ids)), '[]') as sentences
           from vocab_entries v
          cross join lateral (select case when jsonb_typeof(v.data->'sentence_ids') = 'array'
                                          then array(select jsonb_array_elements_text(v.data->'sentence_ids')::int)
                                          else array_remove(array[(v.data->>'sentence_id')::int], null) end as ids) x
          where v.id = $1`,
        [id],
      );
      if (!rows.length) throw new AppError('not_found', `There is no word with id ${id}.`);
      const v = rows[0];
      const sentences = (v.sentences as Array<{ id: number; data: Record<string, unknown> }>).map(({ id: sentenceId, data: s }) => ({
        id: sentenceId,
        // text carries the furigana (日本[にほん]); clean_text is the plain sentence.
        text: s.furigana ?? s.text,
        clean_text: s.text ?? null,
        translation: s.translation ?? null,
        context: s.context ?? null,
        source: 'kioku',
      }));
      const body = {
        id: v.id,
        kanji: v.data.kanji ?? null,
        reading: v.data.reading,
        definition: v.data.definition ?? null,
        audio_url: v.data.audio_url ?? null,
        level: v.level,
        part_of_speech: v.data.part_of_speech ?? null,
        senses: v.data.senses ?? [],
        // Downstep positions (0 = flat), the usual accent first.
        pitch: v.data.pitch ?? [],
        variants: v.data.variants ?? [],
        // A register warning: the page must show it wherever the word is.
        note: v.data.note ?? null,
        // SPEC's one sentence (the first), and all of them for the detail page.
        sentence: sentences[0] ?? null,
        sentences,
      };
      return { body, meta: { free: v.level === 1 || v.tab === VOCAB_TAB_IDS[0] } };
    });
  }
}
