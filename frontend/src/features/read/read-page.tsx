// /read and /read/:id (issue 32): paste a Japanese text, see what you know, learn what you don't.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { LockIcon } from '../../components/ui/icons';
import { useKeyedWrite } from '../../lib/action-key';
import { errorMessage, isApiError } from '../../lib/api';
import { COURSE_INFO, isCourse } from '../../lib/courses';
import type { FuriganaMode } from '../../lib/japanese-text';
import { queryKeys } from '../../lib/query-keys';
import { percent, READ_TEXT_MAX, readApi, readKeys, readQueries, type QueueAnswer, type ReadAnalysis, type ReadWord } from './read-queries';
import { ReadText, STATE_LABELS } from './read-text';
import './read.css';

export interface ReadPageProps {
  furigana: FuriganaMode;
  /** the dictionary's entry of a word (meaning, reading, pitch, audio), given by the app */
  renderEntry: (vocabId: number, onClose: () => void) => ReactNode;
}

export function ReadPage({ furigana, renderEntry }: ReadPageProps) {
  const { id } = useParams<{ id?: string }>();
  const [pasted, setPasted] = useState<ReadAnalysis | null>(null);
  if (id) return <KeptText id={id} furigana={furigana} renderEntry={renderEntry} />;
  if (pasted) return <Reading analysis={pasted} title={null} textId={null} furigana={furigana} renderEntry={renderEntry} onBack={() => setPasted(null)} />;
  return (
    <div className="read-page">
      <h1>Read</h1>
      <p className="read-intro">Paste a Japanese text you want to read: Kioku shows it with furigana and colours every word by what you know.</p>
      <PasteForm onRead={setPasted} />
      <KeptTexts />
    </div>
  );
}

function PasteForm({ onRead }: { onRead: (a: ReadAnalysis) => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const textId = useId();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const analyse = useMutation({ mutationFn: readApi.analyse, onSuccess: onRead });
  const saveWrite = useKeyedWrite(readApi.save);
  const save = useMutation({
    mutationFn: saveWrite,
    onSuccess: (saved) => {
      queryClient.setQueryData(readKeys.text(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: readKeys.texts });
      navigate(`/read/${saved.id}`);
    },
  });
  const error = analyse.error ?? save.error;
  const busy = analyse.isPending || save.isPending;
  const length = text.trim().length;
  const submit = (keep: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    if (keep) save.mutate({ text, ...(title.trim() ? { title } : {}) });
    else analyse.mutate({ text });
  };
  return (
    <form className="read-form" onSubmit={submit(false)}>
      <div className="field">
        <label htmlFor={textId}>Japanese text</label>
        <textarea
          id={textId}
          lang="ja"
          rows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${textId}-count`}
          placeholder="昔々、ある所におじいさんとおばあさんが住んでいました。"
        />
        <p id={`${textId}-count`} className={`field-hint${length > READ_TEXT_MAX ? ' field-error' : ''}`}>
          {length.toLocaleString('en-US')} / {READ_TEXT_MAX.toLocaleString('en-US')} characters
        </p>
      </div>
      <Field label="Title (to keep it)" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} hint="Optional: the first line is used otherwise." />
      {error ? (
        <p role="alert" className="notice notice-error">
          {errorMessage(error)}
        </p>
      ) : null}
      <div className="read-actions">
        <Button type="submit" variant="primary" disabled={busy}>
          {analyse.isPending ? 'Reading…' : 'Read'}
        </Button>
        <Button onClick={() => submit(true)()} disabled={busy}>
          {save.isPending ? 'Keeping…' : 'Read and keep'}
        </Button>
      </div>
    </form>
  );
}

function KeptTexts() {
  const queryClient = useQueryClient();
  const texts = useQuery(readQueries.texts());
  const removeWrite = useKeyedWrite(readApi.remove);
  const remove = useMutation({
    mutationFn: removeWrite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readKeys.texts }),
  });
  if (texts.isPending) return <p className="loading">Loading...</p>;
  if (texts.isError) return <p className="muted">Your texts could not be loaded: {errorMessage(texts.error)}</p>;
  return (
    <section className="read-kept" aria-labelledby="read-kept-heading">
      <h2 id="read-kept-heading">Your texts</h2>
      {texts.data.texts.length === 0 ? (
        <p className="muted">Texts you keep are listed here, with how much of them you know now. Only you can see them.</p>
      ) : (
        <ul className="read-kept-list">
          {texts.data.texts.map((t) => (
            <li key={t.id}>
              <Link to={`/read/${t.id}`} lang="ja" className="read-kept-title">
                {t.title}
              </Link>
              <span className="muted small">
                {new Date(t.created_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })} · {t.characters.toLocaleString('en-US')} characters
              </span>
              <span className="read-kept-share">{percent(t.words)} of its words known</span>
              <Button
                size="sm"
                variant="ghost"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(`Delete “${t.title}”? It is erased for good.`)) remove.mutate(t.id);
                }}
              >
                Delete<span className="visually-hidden"> {t.title}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function KeptText({ id, furigana, renderEntry }: { id: string; furigana: FuriganaMode; renderEntry: ReadPageProps['renderEntry'] }) {
  const navigate = useNavigate();
  const text = useQuery(readQueries.text(id));
  if (text.isPending) return <p className="loading page">Loading...</p>;
  if (text.isError) {
    return (
      <div className="read-page">
        <h1>Read</h1>
        <p role="alert" className="notice notice-error">
          {isApiError(text.error, 404) ? 'This text is not among yours: it may have been deleted.' : errorMessage(text.error)}
        </p>
        <Link to="/read">Back to your texts</Link>
      </div>
    );
  }
  return <Reading analysis={text.data.analysis} title={text.data.title} textId={id} furigana={furigana} renderEntry={renderEntry} onBack={() => navigate('/read')} />;
}

function Figures({ analysis }: { analysis: ReadAnalysis }) {
  const f = analysis.figures;
  const items = [
    { label: 'of the words you read', share: f.tokens, detail: 'each use counted' },
    { label: 'of its distinct words', share: f.words, detail: 'each word once' },
    { label: 'of its kanji', share: f.kanji, detail: 'a reading card Intermediate or better' },
  ];
  return (
    <dl className="read-figures">
      {items.map((i) => (
        <div key={i.label} className="read-figure">
          <dt>
            Known {i.label} <span className="muted small">({i.detail})</span>
          </dt>
          <dd>
            <strong>{percent(i.share)}</strong> <span className="muted small">{i.share.known} of {i.share.total}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Legend() {
  return (
    <ul className="read-legend" aria-label="Colours">
      {(Object.keys(STATE_LABELS) as ReadWord['state'][]).map((s) => (
        <li key={s}>
          <span className={`read-swatch read-${s}`} aria-hidden="true" />
          {STATE_LABELS[s]}
        </li>
      ))}
      <li>
        <span className="read-swatch read-swatch-plain" aria-hidden="true" />
        Names and numbers: not counted
      </li>
    </ul>
  );
}

function courseName(course: string | null): string {
  return course && isCourse(course) ? COURSE_INFO[course].name : (course ?? '');
}

interface ReadingProps {
  analysis: ReadAnalysis;
  title: string | null;
  textId: string | null;
  furigana: FuriganaMode;
  renderEntry: ReadPageProps['renderEntry'];
  onBack: () => void;
}

function Reading({ analysis, title, textId, furigana, renderEntry, onBack }: ReadingProps) {
  const [selected, setSelected] = useState<number | null>(null);
  const word = selected === null ? null : analysis.words[selected];
  return (
    <div className="read-page read-reading">
      <div className="read-head">
        <h1 lang={title ? 'ja' : undefined}>{title ?? 'Read'}</h1>
        <Button size="sm" onClick={onBack}>
          {textId ? 'Your texts' : 'Read another text'}
        </Button>
      </div>
      <Figures analysis={analysis} />
      <Legend />
      <div className="read-columns">
        <ReadText analysis={analysis} furigana={furigana} selected={selected} onSelect={setSelected} />
        <aside className="read-side">
          {word ? <WordPanel word={word} textId={textId} renderEntry={renderEntry} onClose={() => setSelected(null)} /> : null}
          <LearnThese analysis={analysis} textId={textId} />
        </aside>
      </div>
    </div>
  );
}

function WordPanel({ word, textId, renderEntry, onClose }: { word: ReadWord; textId: string | null; renderEntry: ReadPageProps['renderEntry']; onClose: () => void }) {
  return (
    <section className="read-word-panel" aria-label={`The word ${word.word}`}>
      <p className="read-word-state">
        <span className={`read-swatch read-${word.state}`} aria-hidden="true" /> {STATE_LABELS[word.state]}
        {word.course ? ` · ${courseName(word.course)}, level ${word.level}` : ''} · {word.count === 1 ? 'once' : `${word.count} times`} in this text
      </p>
      {word.locked ? (
        <p className="read-locked">
          <LockIcon /> Level {word.level} is for subscribers.
        </p>
      ) : null}
      {word.state === 'new' && !word.locked && word.vocab_id !== null ? <LearnOne vocabId={word.vocab_id} textId={textId} /> : null}
      {word.vocab_id !== null ? (
        renderEntry(word.vocab_id, onClose)
      ) : (
        <div className="dict-detail">
          <div className="dict-detail-head">
            <h3 lang="ja">
              <span className="dict-big">{word.word}</span> {word.reading ? <span className="muted">{word.reading}</span> : null}
            </h3>
            <Button size="sm" variant="ghost" onClick={onClose}>
              Close
            </Button>
          </div>
          <p className="muted">No Kioku course teaches this word yet.</p>
        </div>
      )}
    </section>
  );
}

function useQueueWords() {
  const queryClient = useQueryClient();
  const queueWrite = useKeyedWrite(readApi.queue);
  return useMutation({
    mutationFn: queueWrite,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: readKeys.queues });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
      for (const w of answer.queued) if (isCourse(w.course)) void queryClient.invalidateQueries({ queryKey: queryKeys.study(w.course) });
    },
  });
}

function LearnOne({ vocabId, textId }: { vocabId: number; textId: string | null }) {
  const queue = useQueueWords();
  if (queue.data) return <QueueResult answer={queue.data} />;
  return (
    <Button size="sm" variant="primary" disabled={queue.isPending} onClick={() => queue.mutate({ vocab_ids: [vocabId], text_id: textId })}>
      Learn this word next
    </Button>
  );
}

function QueueResult({ answer }: { answer: QueueAnswer }) {
  const queryClient = useQueryClient();
  const undoWrite = useKeyedWrite(readApi.undo);
  const undo = useMutation({
    mutationFn: undoWrite,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: readKeys.queues });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
      for (const c of new Set(answer.queued.map((w) => w.course))) if (isCourse(c)) void queryClient.invalidateQueries({ queryKey: queryKeys.study(c) });
    },
  });
  return (
    <div role="status" className="notice read-queue-result">
      <p>{undo.isSuccess ? 'Undone: those words are back in their course’s order.' : answer.message}</p>
      {answer.queue_id && !undo.isSuccess ? (
        <Button size="sm" disabled={undo.isPending} onClick={() => undo.mutate(answer.queue_id!)}>
          Undo
        </Button>
      ) : null}
      {undo.isError ? <p className="field-error">{errorMessage(undo.error)}</p> : null}
    </div>
  );
}

const SHOWN_WORDS = 40;

function LearnThese({ analysis, textId }: { analysis: ReadAnalysis; textId: string | null }) {
  const candidates = useMemo(
    () =>
      analysis.words
        .map((w, i) => ({ ...w, index: i }))
        .filter((w) => w.state === 'new' && w.vocab_id !== null)
        .sort((a, b) => b.count - a.count || a.index - b.index),
    [analysis],
  );
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  // A long text has hundreds of new words: the most frequent first, the rest on demand.
  const [showAll, setShowAll] = useState(false);
  const queue = useQueueWords();
  useEffect(() => {
    setPicked(new Set());
    setShowAll(false);
  }, [analysis]);
  if (!candidates.length) {
    return (
      <section className="read-learn" aria-labelledby="read-learn-heading">
        <h2 id="read-learn-heading">Learn these</h2>
        <p className="muted">Every course word of this text is one you have met already.</p>
      </section>
    );
  }
  const open = candidates.filter((w) => !w.locked);
  const toggle = (id: number) => setPicked((p) => (p.has(id) ? new Set([...p].filter((x) => x !== id)) : new Set([...p, id])));
  const ids = candidates.filter((w) => picked.has(w.vocab_id!)).map((w) => w.vocab_id!);
  return (
    <section className="read-learn" aria-labelledby="read-learn-heading">
      <h2 id="read-learn-heading">Learn these</h2>
      <p className="muted small">Words of this text you have not met yet: the ones you pick come first in your next lessons.</p>
      <div className="read-actions">
        <Button size="sm" onClick={() => setPicked(new Set(candidates.map((w) => w.vocab_id!)))}>
          Select all unknown in my courses ({candidates.length})
        </Button>
        {picked.size ? (
          <Button size="sm" variant="ghost" onClick={() => setPicked(new Set())}>
            Clear
          </Button>
        ) : null}
      </div>
      <ul className="read-learn-list">
        {(showAll ? candidates : candidates.slice(0, SHOWN_WORDS)).map((w) => (
          <li key={w.vocab_id}>
            <label>
              <input type="checkbox" checked={picked.has(w.vocab_id!)} onChange={() => toggle(w.vocab_id!)} />
              <span lang="ja" className="read-learn-word">
                {w.word}
              </span>
              {w.reading && w.reading !== w.word ? (
                <span lang="ja" className="muted small">
                  {' '}
                  {w.reading}
                </span>
              ) : null}
              <span className="muted small">
                {' '}
                · {courseName(w.course)} {w.level}
                {w.count > 1 ? ` · ×${w.count}` : ''}
              </span>
              {w.locked ? (
                <span className="read-locked small">
                  {' '}
                  <LockIcon /> subscribers
                </span>
              ) : null}
            </label>
          </li>
        ))}
      </ul>
      {!showAll && candidates.length > SHOWN_WORDS ? (
        <Button size="sm" variant="ghost" onClick={() => setShowAll(true)}>
          Show all {candidates.length} words
        </Button>
      ) : null}
      <Button variant="primary" disabled={!ids.length || queue.isPending} onClick={() => queue.mutate({ vocab_ids: ids, text_id: textId })}>
        Learn these{ids.length ? ` (${ids.length})` : ''}
      </Button>
      {open.length < candidates.length ? <p className="muted small">Words of locked levels are listed so you know where they are; a subscription opens them.</p> : null}
      {queue.data ? <QueueResult key={queue.data.queue_id ?? 'none'} answer={queue.data} /> : null}
      {queue.isError ? (
        <p role="alert" className="notice notice-error">
          {errorMessage(queue.error)}
        </p>
      ) : null}
    </section>
  );
}
