import { Injectable } from '@nestjs/common';
import { AppError } from '../../../platform/errors/app-error';
import { KANA_ROWS } from '../../catalogue/content.schemas';
import { CachedBody, DictionaryCache } from '../dictionary-cache';

/** The chart's rows in SPEC §9 order: a, k, s, t, n, h, m, y, r, w, g, z, d, b, p, small tsu (no combinations). */
export const CHART_ROWS = KANA_ROWS.filter((r) => r !== 'combo');

interface KanaRow {
  kana: string;
  script: 'hiragana' | 'katakana';
  row: string;
  data: { kana: string; romaji: string; hint: string };
}

/** The kana chart and one kana's details. The kana dictionary is a single tab, free for everyone. */
@Injectable()
export class KanaQuery {
  constructor(private readonly cache: DictionaryCache) {}

  chart(): Promise<CachedBody<undefined>> {
    return this.cache.get('kana-chart', async (db) => {
      const { rows } = await db.query<KanaRow>(`select kana, script, "row", data from kana_entries order by position`);
      const entry = (r: KanaRow) => ({ kana: r.data.kana, romaji: r.data.romaji, hint: r.data.hint });
      const body = {
        rows: CHART_ROWS.map((row) => ({
          row,
          hiragana: rows.filter((r) => r.row === row && r.script === 'hiragana').map(entry),
          katakana: rows.filter((r) => r.row === row && r.script === 'katakana').map(entry),
        })).filter((r) => r.hiragana.length || r.katakana.length),
      };
      return { body, meta: undefined };
    });
  }

  detail(by: { kana: string } | { id: number }): Promise<CachedBody<undefined>> {
    const key = 'kana' in by ? `kana:${by.kana}` : `kana-id:${by.id}`;
    return this.cache.get(key, async (db) => {
      const { rows } = await db.query(`select data from kana_entries where ${'kana' in by ? 'kana = $1' : 'id = $1'}`, [
        'kana' in by ? by.kana : by.id,
      ]);
      if (!rows.length) throw new AppError('not_found', 'kana' in by ? `The kana ${by.kana} is not in the chart.` : `There is no kana with id ${by.id}.`);
      const d = rows[0].data;
      return {
        body: {
          kana: d.kana,
          romaji: d.romaji,
          hint: d.hint,
          audio_url: d.audio_url ?? null,
          vocab_reading: d.vocab_reading,
          vocab_definition: d.vocab_definition,
        },
        meta: undefined,
      };
    });
  }
}
