import { Injectable } from '@nestjs/common';
import { AppError } from '../../../platform/errors/app-error';
import { CachedBody, DictionaryCache } from '../dictionary-cache';
import { KANJI_TAB_IDS, KanjiCourse, tabsOf } from '../dictionary-access';

export interface KanjiDetailMeta {
  /** level 1 or in the first (free) grade tab of its course */
  free: boolean;
}

/** The kanji browser: kanji of one school grade (light rows), and one kanji with its readings and words. */
@Injectable()
export class KanjiQuery {
  constructor(private readonly cache: DictionaryCache) {}

  list(course: KanjiCourse, tab: string, fullAccess: boolean): Promise<CachedBody<undefined>> {
    return this.cache.get(`kanji-list:${course}:${tab}:${fullAccess ? 'all' : 'free'}`, async (db) => {
      const { rows } = await db.query(
        `select id, character, level, data->'meanings' as meanings from kanji_entries where course = $1 and grade = $2 order by position`,
        [course, Number(tab)],
      );
      const tabs = tabsOf(KANJI_TAB_IDS[course], (id) => `Grade ${id}`, fullAccess);
      return { body: { course, tab, tabs, items: rows }, meta: undefined };
    });
  }

  detail(by: { id: number } | { character: string }): Promise<CachedBody<KanjiDetailMeta>> {
    const key = 'id' in by ? `kanji:${by.id}` : `kanji-char:${by.character}`;
    return this.cache.get(key, async (db) => {
      const { rows } = await db.query(
        `select id, course, grade, level, data from kanji_entries where ${'id' in by ? 'id = $1' : 'character = $1'}`,
        ['id' in by ? by.id : by.character],
      );
      if (!rows.length) {
        throw new AppError('not_found', 'id' in by ? `There is no kanji with id ${by.id}.` : `The kanji ${by.character} is not in the dictionary.`);
      }
      const k = rows[0];
      const vocabs = await db.query(
        `select v.data->>'kanji' as vocab, v.data->>'reading' as vocab_hiragana, v.data->>'definition' as vocab_meaning,
                v.data->>'note' as vocab_note
           from vocab_kanji vk join vocab_entries v on v.id = vk.vocab_id
          where vk.kanji = $1 order by vk.rank limit 10`,
        [k.data.character],
      );
      const d = k.data;
      const body = {
        id: k.id,
        character: d.character,
        level: d.level,
        level_label: d.level_label,
        joyo_level: d.joyo_level,
        strokes: d.strokes,
        meanings: d.meanings,
        on_readings: d.on_readings,
        kun_readings: d.kun_readings,
        radical: d.radical ?? null,
        components: d.components ?? [],
        jlpt: d.jlpt ?? null,
        kanken: d.kanken ?? null,
        vocabs: vocabs.rows,
      };
      const firstTab = Number(KANJI_TAB_IDS[k.course as KanjiCourse]?.[0] ?? 1);
      return { body, meta: { free: k.level === 1 || k.grade === firstTab } };
    });
  }
}
