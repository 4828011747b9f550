// The Dictionary panel's body (dictionary-panel.tsx is its frame): kanji by school grade, the kana chart, or
// vocabulary by row. A chunk of its own (issue 32): the course page's first screen does not need it.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PitchAccent } from '../../components/pitch-accent';
import { StrokeOrder } from '../../components/stroke-order';
import { WarningIcon } from '../../components/ui/icons';
import { Tabs } from '../../components/ui/tabs';
import { ComponentsText, RadicalText, RegisterNote } from '../../components/word-facts';
import { courseKind, kanjiLevelLabel, type Course } from '../../lib/courses';
import { JapaneseText } from '../../lib/japanese-text';
import { describePitch } from '../../lib/pitch';
import { ensureSentenceEnd } from '../../lib/sentence';
import { dictionaryQueries, KANJI_TABS, VOCAB_TABS, type KanaChart, type KanaEntry, type VocabDetail } from './dictionary-queries';
import { AudioButton, Detail, Failure, Loading } from './dictionary-ui';
import { TabbedBrowser } from './tabbed-browser';
import type { KanjiCourse } from '../../lib/courses';

export interface DictionaryBrowsersProps {
  course: Course;
  subscribed: boolean;
}

/** The panel's body for a course: the kana chart, or the tabbed kanji or vocabulary browser. */
export function DictionaryBrowsers({ course, subscribed }: DictionaryBrowsersProps) {
  const kind = courseKind(course);
  if (kind === 'kana') return <KanaChartView />;
  if (kind === 'kanji') return <KanjiBrowser course={course as KanjiCourse} subscribed={subscribed} />;
  return <VocabBrowser course={course} subscribed={subscribed} />;
}

// ---- Kanji ----

function KanjiBrowser({ course, subscribed }: { course: KanjiCourse; subscribed: boolean }) {
  return (
    <TabbedBrowser
      label="Kanji by school grade"
      defaultTabs={KANJI_TABS[course]}
      subscribed={subscribed}
      listQuery={(tab) => dictionaryQueries.kanjiList(course, tab)}
      renderList={(items, { tabLabel, openId, open }) => (
        <ul className="kanji-grid" aria-label={`${tabLabel} kanji`}>
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="kanji-cell"
                aria-label={`${item.character}: ${item.meanings.join(', ')}`}
                aria-pressed={openId === item.id}
                title={item.meanings.join(', ')}
                onClick={() => open(item.id)}
              >
                <span lang="ja">{item.character}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      emptyText="No kanji in this tab yet."
      renderDetail={(id, onClose) => <KanjiDetailView id={id} onClose={onClose} />}
    />
  );
}

function KanjiDetailView({ id, onClose }: { id: string | number; onClose: () => void }) {
  const detail = useQuery(dictionaryQueries.kanji(id));
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <Failure error={detail.error} onRetry={detail.refetch} />;
  const k = detail.data;
  return (
    <Detail
      title={
        <>
          <span lang="ja" className="dict-big">
            {k.character}
          </span>{' '}
          <span className="dict-meanings">{k.meanings.join(', ')}</span>
        </>
      }
      onClose={onClose}
    >
      <div className="dict-detail-body">
        <dl className="facts">
          {k.level != null ? (
            <>
              <dt>Level</dt>
              <dd>
                {/* The content names each level after the Kanken levels of its kanji (9級–8級 when it spans two). */}
                {k.level} <span lang="ja">({k.level_label ?? kanjiLevelLabel(k.level)})</span>
              </dd>
            </>
          ) : null}
          {k.radical ? (
            <>
              <dt>Radical</dt>
              <dd>
                <RadicalText radical={k.radical} />
              </dd>
            </>
          ) : null}
          {k.components.length ? (
            <>
              <dt>Parts</dt>
              <dd>
                <ComponentsText components={k.components} />
              </dd>
            </>
          ) : null}
          {k.strokes != null ? (
            <>
              <dt>Strokes</dt>
              <dd>{k.strokes}</dd>
            </>
          ) : null}
          {k.joyo_level != null ? (
            <>
              <dt>School grade</dt>
              <dd>{Number(k.joyo_level) === 8 ? 'secondary school' : k.joyo_level}</dd>
            </>
          ) : null}
          {k.jlpt != null ? (
            <>
              <dt>JLPT</dt>
              <dd>
                level {k.jlpt} <span className="muted">(pre-2010 test)</span>
              </dd>
            </>
          ) : null}
          {k.kanken ? (
            <>
              <dt>Kanji Kentei</dt>
              <dd lang="ja">{k.kanken}</dd>
            </>
          ) : null}
          <dt>On readings</dt>
          <dd lang="ja">{k.on_readings.length ? k.on_readings.map((r) => r.reading).join('、') : '—'}</dd>
          <dt>Kun readings</dt>
          <dd lang="ja">{k.kun_readings.length ? k.kun_readings.map((r) => r.reading).join('、') : '—'}</dd>
        </dl>
        <StrokeOrder character={k.character} size={136} className="dict-strokes" />
      </div>
      {k.vocabs.length ? (
        <>
          <h4>Words</h4>
          <ul className="word-list">
            {k.vocabs.map((v, i) => (
              <li key={`${v.vocab}-${i}`}>
                <span lang="ja">{v.vocab}</span>
                {v.vocab_hiragana ? <span lang="ja" className="muted"> ({v.vocab_hiragana})</span> : null}
                {v.vocab_meaning ? <span> — {v.vocab_meaning}</span> : null}
                <RegisterNote note={v.vocab_note} className="register-note-inline" />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Detail>
  );
}

// ---- Kana ----

function KanaChartView() {
  const [script, setScript] = useState<'hiragana' | 'katakana'>('hiragana');
  const [open, setOpen] = useState<string | null>(null);
  const chart = useQuery(dictionaryQueries.kanaChart());
  return (
    <Tabs
      label="Kana chart"
      tabs={[
        { id: 'hiragana', label: 'Hiragana' },
        { id: 'katakana', label: 'Katakana' },
      ]}
      selected={script}
      onSelect={(next) => {
        setScript(next as 'hiragana' | 'katakana');
        setOpen(null);
      }}
    >
      {chart.isPending ? (
        <Loading />
      ) : chart.isError ? (
        <Failure error={chart.error} onRetry={chart.refetch} />
      ) : (
        <>
          <div className="table-scroll">
            <table className="kana-chart">
              <caption className="visually-hidden">{script === 'hiragana' ? 'Hiragana' : 'Katakana'} by row</caption>
              <tbody>
                {kanaChartRows(chart.data.rows, script).map(({ row, entries, lastSpan }) => (
                  <tr key={row}>
                    <th scope="row">{kanaRowLabel(row)}</th>
                    {entries.map((entry, i) => (
                      <td key={entry.kana} colSpan={i === entries.length - 1 && lastSpan > 1 ? lastSpan : undefined}>
                        <KanaCell entry={entry} selected={open === entry.kana} onOpen={() => setOpen(entry.kana)} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {open ? <KanaDetailView kana={open} onClose={() => setOpen(null)} /> : null}
        </>
      )}
    </Tabs>
  );
}

/**
 * The rows of one script's chart: rows only katakana has (small vowels, ー, ヴ) are left out of the hiragana
 * chart, and the last cell of a short row spans the columns it leaves empty, so a lone cell with a long romaji
 * (っ "(double consonant)", ー "(long vowel)") does not widen the first column of the whole chart.
 */
export function kanaChartRows(rows: KanaChart['rows'], script: 'hiragana' | 'katakana') {
  const shown = rows.filter((row) => row[script].length > 0);
  const columns = Math.max(0, ...shown.map((row) => row[script].length));
  return shown.map((row) => ({ row: row.row, entries: row[script], lastSpan: columns - row[script].length + 1 }));
}

/**
 * Readable row headings: the gojūon rows by their consonant (a, k, s …, as textbooks name them), the rows of small
 * kana and marks in words. Rows the server adds later fall back to their id with spaces.
 */
const KANA_ROW_LABELS: Record<string, string> = {
  small_tsu: 'small tsu',
  small_vowel: 'small vowels',
  long_vowel: 'long vowel',
};

export function kanaRowLabel(row: string): string {
  return KANA_ROW_LABELS[row] ?? row.replace(/_/g, ' ');
}

function KanaCell({ entry, selected, onOpen }: { entry: KanaEntry; selected: boolean; onOpen: () => void }) {
  return (
    <button
      type="button"
      className="kana-cell"
      aria-pressed={selected}
      aria-label={`${entry.kana}, ${entry.romaji}${entry.hint ? `. ${entry.hint}` : ''}`}
      title={entry.hint ?? undefined}
      onClick={onOpen}
    >
      <span lang="ja" className="kana-char">
        {entry.kana}
      </span>
      <span className="kana-romaji">{entry.romaji}</span>
    </button>
  );
}

function KanaDetailView({ kana, onClose }: { kana: string; onClose: () => void }) {
  const detail = useQuery(dictionaryQueries.kana(kana));
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <Failure error={detail.error} onRetry={detail.refetch} />;
  const k = detail.data;
  return (
    <Detail
      title={
        <>
          <span lang="ja" className="dict-big">
            {k.kana}
          </span>{' '}
          {k.romaji}
        </>
      }
      onClose={onClose}
    >
      {k.hint ? <p>{k.hint}</p> : null}
      <StrokeOrder character={k.kana} size={112} className="dict-strokes" />
      {k.vocab_reading ? (
        <p>
          <span className="label">Example: </span>
          <JapaneseText text={k.vocab_reading} highlight={k.kana} />
          {k.vocab_definition ? <span> — {k.vocab_definition}</span> : null}
        </p>
      ) : null}
      <AudioButton url={k.audio_url} />
    </Detail>
  );
}

// ---- Vocab ----

function VocabBrowser({ course, subscribed }: { course: Course; subscribed: boolean }) {
  return (
    <TabbedBrowser
      label="Words by row"
      className="vocab-tabs"
      defaultTabs={VOCAB_TABS}
      subscribed={subscribed}
      listQuery={(tab) => dictionaryQueries.vocabList(course, tab)}
      tabLabel={(tab) => <span lang="ja">{tab.label}</span>}
      renderList={(items, { openId, open }) => (
        <ul className="vocab-list">
          {items.map((item) => (
            <li key={item.id}>
              <button type="button" className="vocab-row" aria-pressed={openId === item.id} onClick={() => open(item.id)}>
                <span lang="ja" className="vocab-word">
                  {item.kanji || item.reading}
                </span>
                {item.kanji ? (
                  <span lang="ja" className="vocab-reading">
                    {item.reading}
                  </span>
                ) : null}
                {item.definition ? <span className="vocab-def">{item.definition}</span> : null}
                {item.note ? (
                  <span className="vocab-note-mark" title={item.note}>
                    <WarningIcon />
                    <span className="visually-hidden">(usage warning)</span>
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      )}
      emptyText="No words in this tab yet."
      renderDetail={(id, onClose) => <VocabDetailView id={id} onClose={onClose} />}
    />
  );
}

/** A word's dictionary entry (meaning, reading with pitch, senses, audio, sentences): the reader shows it too. */
export function VocabDetailView({ id, onClose }: { id: string | number; onClose: () => void }) {
  const detail = useQuery(dictionaryQueries.vocab(id));
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <Failure error={detail.error} onRetry={detail.refetch} />;
  const v = detail.data;
  return (
    <Detail
      title={
        <>
          <span lang="ja" className="dict-big">
            {v.kanji || v.reading}
          </span>{' '}
          {readingInTitle(v) ? (
            v.pitch.length ? (
              <PitchAccent reading={v.reading} pitch={v.pitch} className="dict-reading" />
            ) : (
              <span lang="ja" className="muted">
                {v.reading}
              </span>
            )
          ) : null}
        </>
      }
      onClose={onClose}
    >
      <RegisterNote note={v.note} />
      {v.definition ? <p className="dict-definition">{v.definition}</p> : null}
      <VocabFacts v={v} />
      {v.level != null ? <p className="muted small">Level {v.level}</p> : null}
      <AudioButton url={v.audio_url} />
      {(v.sentences.length ? v.sentences : v.sentence ? [v.sentence] : []).map((s, i) => (
        <div className="dict-sentence" key={s.id ?? i}>
          {s.context ? <p className="muted small">{s.context}</p> : null}
          <JapaneseText as="p" text={ensureSentenceEnd(s.text)} highlight={v.kanji || v.reading} />
          {s.translation ? <p>{s.translation}</p> : null}
        </div>
      ))}
    </Detail>
  );
}

/** A word written in kanji shows its reading (with the usual pitch) beside it; a kana word is its own reading. */
function readingInTitle(v: VocabDetail): boolean {
  return Boolean(v.kanji && v.kanji !== v.reading);
}

/**
 * Part of speech, pitch, the other senses and the other spellings of a word. The pitch row says where the pitch
 * falls, and draws it when the title does not (a kana word) or when the word has more than one accent.
 */
function VocabFacts({ v }: { v: VocabDetail }) {
  const drawPitch = v.pitch.length > 1 || !readingInTitle(v);
  const mainPos = v.senses[0]?.pos.join(', ');
  const spelling = v.kanji || v.reading;
  const variants = v.variants.filter((x) => x.written !== spelling || x.reading !== v.reading);
  if (!v.part_of_speech && !v.pitch.length && v.senses.length < 2 && !variants.length) return null;
  return (
    <dl className="facts vocab-facts">
      {v.part_of_speech ? (
        <>
          <dt>Part of speech</dt>
          <dd>{v.part_of_speech}</dd>
        </>
      ) : null}
      {v.pitch.length ? (
        <>
          <dt>Pitch</dt>
          <dd>
            {drawPitch ? <PitchAccent reading={v.reading} pitch={v.pitch} all /> : null}
            <span className={drawPitch ? 'muted small pitch-said' : 'pitch-said'}>
              {drawPitch ? ' ' : ''}
              {v.pitch.map(describePitch).join(' or ')}
            </span>
          </dd>
        </>
      ) : null}
      {v.senses.length > 1 ? (
        <>
          <dt>Meanings</dt>
          <dd>
            <ol className="sense-list">
              {v.senses.map((sense, i) => {
                const pos = sense.pos.join(', ');
                return (
                  <li key={i}>
                    {sense.glosses.join('; ')}
                    {pos && pos !== mainPos ? <span className="muted small"> ({pos})</span> : null}
                  </li>
                );
              })}
            </ol>
          </dd>
        </>
      ) : null}
      {variants.length ? (
        <>
          <dt>Also written</dt>
          <dd lang="ja">
            {variants.map((x, i) => (
              <span key={`${x.written}-${x.reading}`}>
                {i > 0 ? '、' : ''}
                {x.written}
                {x.reading !== v.reading && x.reading !== x.written ? <span className="muted">（{x.reading}）</span> : null}
              </span>
            ))}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
