import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../../platform/database/database.module';
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
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly cache: DictionaryCache,
  ) {}

  list(course: VocabCourse, tab: string, fullAccess: boolean): Promise<CachedBody<undefined>> {
    return this.cache.get(`vocab-list:${course}:${tab}:${fullAccess ? 'all' : 'free'}`, async () => {
      const { rows } = await this.pool.query(
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
    return this.cache.get(`vocab:${id}`, async () => {
      const { rows } = await this.pool.query(
        `select v.id, v.level, v.tab, v.data, s.id as sentence_id, s.data as sentence
           from vocab_entries v left join sentences s on s.id = (v.data->>'sentence_id')::int
          where v.id = $1`,
        [id],
      );
      if (!rows.length) throw new AppError('not_found', `There is no word with id ${id}.`);
      const v = rows[0];
      const s = v.sentence as Record<string, unknown> | null;
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
        sentence: s
          ? {
              id: v.sentence_id,
              // text carries the furigana (日本[にほん]); clean_text is the plain sentence.
              text: s.furigana ?? s.text,
              clean_text: s.text ?? null,
              translation: s.translation ?? null,
              context: s.context ?? null,
              source: 'kioku',
            }
          : null,
      };
      return { body, meta: { free: v.level === 1 || v.tab === VOCAB_TAB_IDS[0] } };
    });
  }
}
