// The Dictionary panel of a study screen: kanji by school grade, the kana chart, or vocabulary by row.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { SubscribeForm } from '../../components/subscribe-form';
import { Button } from '../../components/ui/button';
import { Tabs } from '../../components/ui/tabs';
import { errorMessage, isApiError } from '../../lib/api';
import { playAudio } from '../../lib/audio';
import { courseKind, kanjiLevelLabel, type Course } from '../../lib/courses';
import { JapaneseText } from '../../lib/japanese-text';
import { ensureSentenceEnd } from '../../lib/sentence';
import { dictionaryQueries, KANJI_TABS, VOCAB_TABS, type DictionaryTab, type KanaEntry } from './dictionary-queries';

export interface DictionaryPanelProps {
  course: Course;
  subscribed: boolean;
}

export function DictionaryPanel({ course, subscribed }: DictionaryPanelProps) {
  const kind = courseKind(course);
  return (
    <section className="panel dictionary" aria-labelledby="dictionary-heading">
      <h2 id="dictionary-heading">Dictionary</h2>
      {kind === 'kana' ? <KanaChartView /> : null}
      {kind === 'kanji' ? <KanjiBrowser course={course as 'kanji1' | 'kanji2'} subscribed={subscribed} /> : null}
      {kind === 'vocab' ? <VocabBrowser course={course} subscribed={subscribed} /> : null}
    </section>
  );
}

/** Without a subscription only the first tab is open (the server answers 402 for the others). */
export function withLocks(tabs: DictionaryTab[], subscribed: boolean): DictionaryTab[] {
  // Locks follow the profile, not the cached list answer: a learner who just subscribed sees every tab at once.
  return tabs.map((tab, index) => ({ ...tab, locked: !subscribed && index > 0 }));
}

function LockedTab() {
  return (
    <div className="locked-tab">
      <p>
        <span aria-hidden="true">🔒 </span>This tab needs a subscription.
      </p>
      <p className="muted">Subscribe to open every dictionary tab and levels 2–9 of every course.</p>
      <SubscribeForm />
    </div>
  );
}

function Loading() {
  return <p className="loading">Loading...</p>;
}

function Failure({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  return (
    <div role="alert" className="notice notice-error">
      <p>{errorMessage(error)}</p>
      <Button size="sm" onClick={() => onRetry()}>
        Try again
      </Button>
    </div>
  );
}

function Detail({ title, onClose, children }: { title: ReactNode; onClose: () => void; children: ReactNode }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="dict-detail" aria-labelledby={headingId}>
      <div className="dict-detail-head">
        <h3 id={headingId} ref={heading} tabIndex={-1}>
          {title}
        </h3>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      {children}
    </section>
  );
}

function AudioButton({ url, label = 'Play audio' }: { url?: string | null; label?: string }) {
  const ref = useRef<HTMLAudioElement>(null);
  if (!url) return null;
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => playAudio(ref.current)}>
        <span aria-hidden="true">▶ </span>
        {label}
      </Button>
      <audio ref={ref} src={url} preload="none" hidden />
    </>
  );
}

// ---- Kanji ----

function KanjiBrowser({ course, subscribed }: { course: 'kanji1' | 'kanji2'; subscribed: boolean }) {
  const firstTab = KANJI_TABS[course][0].id;
  const [tab, setTab] = useState(firstTab);
  const [openId, setOpenId] = useState<string | number | null>(null);
  const first = useQuery(dictionaryQueries.kanjiList(course, firstTab));
  const tabs = withLocks(first.data?.tabs.length ? first.data.tabs : KANJI_TABS[course], subscribed);
  const locked = tabs.find((t) => t.id === tab)?.locked ?? false;
  const list = useQuery({ ...dictionaryQueries.kanjiList(course, tab), enabled: !locked });

  return (
    <Tabs
      label="Kanji by school grade"
      tabs={tabs}
      selected={tab}
      onSelect={(next) => {
        setTab(next);
        setOpenId(null);
      }}
    >
      {locked || isApiError(list.error, 402) ? (
        <LockedTab />
      ) : list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Failure error={list.error} onRetry={list.refetch} />
      ) : (
        <>
          <ul className="kanji-grid" aria-label={`${tabs.find((t) => t.id === tab)?.label ?? ''} kanji`}>
            {list.data.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="kanji-cell"
                  aria-label={`${item.character}: ${item.meanings.join(', ')}`}
                  aria-pressed={openId === item.id}
                  title={item.meanings.join(', ')}
                  onClick={() => setOpenId(item.id)}
                >
                  <span lang="ja">{item.character}</span>
                </button>
              </li>
            ))}
          </ul>
          {list.data.items.length === 0 ? <p className="muted">No kanji in this tab yet.</p> : null}
          {openId !== null ? <KanjiDetailView id={openId} onClose={() => setOpenId(null)} /> : null}
        </>
      )}
    </Tabs>
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
      <dl className="facts">
        {k.level != null ? (
          <>
            <dt>Level</dt>
            <dd>
              {k.level} <span lang="ja">({kanjiLevelLabel(k.level)})</span>
            </dd>
          </>
        ) : null}
        {k.joyo_level != null ? (
          <>
            <dt>School grade</dt>
            <dd>{k.joyo_level}</dd>
          </>
        ) : null}
        {k.strokes != null ? (
          <>
            <dt>Strokes</dt>
            <dd>{k.strokes}</dd>
          </>
        ) : null}
        <dt>On readings</dt>
        <dd lang="ja">{k.on_readings.length ? k.on_readings.map((r) => r.reading).join('、') : '—'}</dd>
        <dt>Kun readings</dt>
        <dd lang="ja">{k.kun_readings.length ? k.kun_readings.map((r) => r.reading).join('、') : '—'}</dd>
      </dl>
      {k.vocabs.length ? (
        <>
          <h4>Words</h4>
          <ul className="word-list">
            {k.vocabs.map((v, i) => (
              <li key={`${v.vocab}-${i}`}>
                <span lang="ja">{v.vocab}</span>
                {v.vocab_hiragana ? <span lang="ja" className="muted"> ({v.vocab_hiragana})</span> : null}
                {v.vocab_meaning ? <span> — {v.vocab_meaning}</span> : null}
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
                {chart.data.rows.map((row) => (
                  <tr key={row.row}>
                    <th scope="row">{row.row}</th>
                    {row[script].map((entry) => (
                      <td key={entry.kana}>
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
  const firstTab = VOCAB_TABS[0].id;
  const [tab, setTab] = useState(firstTab);
  const [openId, setOpenId] = useState<string | number | null>(null);
  const first = useQuery(dictionaryQueries.vocabList(course, firstTab));
  const tabs = withLocks(first.data?.tabs.length ? first.data.tabs : VOCAB_TABS, subscribed);
  const locked = tabs.find((t) => t.id === tab)?.locked ?? false;
  const list = useQuery({ ...dictionaryQueries.vocabList(course, tab), enabled: !locked });

  return (
    <Tabs
      label="Words by row"
      className="vocab-tabs"
      tabs={tabs.map((t) => ({ ...t, label: <span lang="ja">{t.label}</span> }))}
      selected={tab}
      onSelect={(next) => {
        setTab(next);
        setOpenId(null);
      }}
    >
      {locked || isApiError(list.error, 402) ? (
        <LockedTab />
      ) : list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Failure error={list.error} onRetry={list.refetch} />
      ) : (
        <>
          <ul className="vocab-list">
            {list.data.items.map((item) => (
              <li key={item.id}>
                <button type="button" className="vocab-row" aria-pressed={openId === item.id} onClick={() => setOpenId(item.id)}>
                  <span lang="ja" className="vocab-word">
                    {item.kanji || item.reading}
                  </span>
                  {item.kanji ? (
                    <span lang="ja" className="vocab-reading">
                      {item.reading}
                    </span>
                  ) : null}
                  {item.definition ? <span className="vocab-def">{item.definition}</span> : null}
                </button>
              </li>
            ))}
          </ul>
          {list.data.items.length === 0 ? <p className="muted">No words in this tab yet.</p> : null}
          {openId !== null ? <VocabDetailView id={openId} onClose={() => setOpenId(null)} /> : null}
        </>
      )}
    </Tabs>
  );
}

function VocabDetailView({ id, onClose }: { id: string | number; onClose: () => void }) {
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
          {v.kanji ? (
            <span lang="ja" className="muted">
              {v.reading}
            </span>
          ) : null}
        </>
      }
      onClose={onClose}
    >
      {v.definition ? <p>{v.definition}</p> : null}
      {v.level != null ? <p className="muted small">Level {v.level}</p> : null}
      <AudioButton url={v.audio_url} />
      {v.sentence ? (
        <div className="dict-sentence">
          {v.sentence.context ? <p className="muted small">{v.sentence.context}</p> : null}
          <JapaneseText as="p" text={ensureSentenceEnd(v.sentence.text)} highlight={v.kanji || v.reading} />
          {v.sentence.translation ? <p>{v.sentence.translation}</p> : null}
          {v.sentence.source ? <p className="muted small">Source: {v.sentence.source}</p> : null}
        </div>
      ) : null}
    </Detail>
  );
}
