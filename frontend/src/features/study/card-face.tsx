// One flashcard, question or answer side, per course kind and the learner's settings (SPEC §5).
import { useId, useState } from 'react';
import { PitchAccent } from '../../components/pitch-accent';
import { Button } from '../../components/ui/button';
import { WarningIcon } from '../../components/ui/icons';
import { Table } from '../../components/ui/table';
import { ComponentsText, RadicalText, RegisterNote } from '../../components/word-facts';
import { hidesContextAtFirst, isInvalidCard, isTextHidden } from '../../lib/card-rules';
import { courseKind } from '../../lib/courses';
import { JapaneseText } from '../../lib/japanese-text';
import { lazyComponent } from '../../lib/lazy-component';
import { isKanaOnly } from '../../lib/kana';
import type { Settings } from '../../lib/profile';
import { ensureSentenceEnd } from '../../lib/sentence';
import type { Flashcard, Material } from './study-queries';

// Stroke order (its drawing and replay) is a chunk of its own (issue 32, entry JS ≤ 130 KB): the panel preloads it
// after its first paint. Until it is there its place is held as its own pending state holds it.
const StrokeOrder = lazyComponent(
  () => import('../../components/stroke-order').then((m) => m.StrokeOrder),
  ({ size }) => <div className="stroke-order stroke-order-pending" style={{ width: size, height: size }} aria-hidden="true" />,
);

/** Fetches the chunks a card may show (the flashcard panel calls it once its first screen is painted). */
export function preloadCardParts() {
  StrokeOrder.preload();
}

export interface CardFaceProps {
  card: Flashcard;
  flipped: boolean;
  settings: Settings;
  contextShown: boolean;
  onShowContext: () => void;
}

/** The sentence in furigana notation: `furigana` when it carries readings, else `sentence`. */
export function sentenceSource(m: Material): string | null {
  const source = m.furigana && m.furigana.includes('[') ? m.furigana : (m.sentence ?? m.furigana ?? null);
  return source ? ensureSentenceEnd(source) : null;
}

/**
 * Words of the breakdown the learner knows (the server marks them from their vocab cards: Intermediate or
 * Mastered): their furigana is quieter. Not the authored `vocab` flag, which marks the card's own word (issue 31).
 */
export function knownWords(m: Material): Set<string> {
  return new Set((m.sentence_breakdown ?? []).filter((w) => w.learner_knows === true).map((w) => w.word));
}

export function CardFace({ card, flipped, settings, contextShown, onShowContext }: CardFaceProps) {
  if (isInvalidCard(card)) {
    return (
      <div className="card-face card-invalid" role="alert">
        <p className="card-invalid-title">Invalid card</p>
        <p>This card is missing its sentence, meaning or kana. You can grade it to move on; we will fix the material.</p>
      </div>
    );
  }
  const kind = courseKind(card.course);
  if (kind === 'kana') return <KanaFace card={card} flipped={flipped} settings={settings} />;
  return <SentenceFace card={card} flipped={flipped} settings={settings} contextShown={contextShown} onShowContext={onShowContext} />;
}

/**
 * A kana card: the kana, then on the answer side its romaji, hint, strokes, example word and the sentence of
 * the word (issue 29 item 6: every text the card's buttons speak is on the card, the sentence with furigana as
 * on the other cards; the example word is highlighted in it).
 */
function KanaFace({ card, flipped, settings }: { card: Flashcard; flipped: boolean; settings: Settings }) {
  const m = card.material;
  const sentence = sentenceSource(m);
  const word = m.vocab ?? m.vocab_hiragana ?? undefined;
  return (
    <div className="card-face card-kana">
      <p className="card-prompt" lang="ja">
        {m.kana}
      </p>
      {flipped ? (
        <div className="card-answer">
          {m.romaji ? <p className="card-answer-main">{m.romaji}</p> : null}
          {m.hint ? <p className="card-hint">{m.hint}</p> : null}
          {m.kana ? <KanaStrokes kana={m.kana} /> : null}
          {m.vocab || m.vocab_hiragana ? (
            <p className="card-example">
              <span className="label">Example: </span>
              <JapaneseText text={m.vocab ?? m.vocab_hiragana ?? ''} highlight={m.kana} />
              {m.vocab && m.vocab_hiragana && m.vocab !== m.vocab_hiragana ? (
                <span lang="ja" className="muted">
                  {' '}
                  ({m.vocab_hiragana})
                </span>
              ) : null}
              {m.vocab_meaning ? <span> — {m.vocab_meaning}</span> : null}
            </p>
          ) : null}
          {sentence ? (
            <div className="card-kana-sentence">
              <JapaneseText as="p" className="card-sentence-text" text={sentence} furigana={settings.furigana} known={knownWords(m)} highlight={word} />
              {m.sentence_meaning ? <p className="card-translation">{m.sentence_meaning}</p> : null}
            </div>
          ) : null}
          <CardImage m={m} />
        </div>
      ) : null}
    </div>
  );
}

function SentenceFace({ card, flipped, settings, contextShown, onShowContext }: CardFaceProps) {
  const m = card.material;
  const kind = courseKind(card.course);
  const sentence = sentenceSource(m);
  const target = kind === 'vocab' ? (m.vocab ?? m.vocab_hiragana) : (m.vocab ?? m.kanji);
  const known = knownWords(m);
  const textHidden = isTextHidden({ course: card.course, prompt: settings.vocab_prompt, hideText: settings.vocab_hide_text, flipped });
  const contextVisible = !hidesContextAtFirst(card) || contextShown;
  const meaning = m.vocab_meaning ?? m.meanings?.join('; ');

  return (
    <div className="card-face card-sentence">
      {/* Listening only (text hidden): the context would give the word away before the flip. */}
      {m.sentence_context && !textHidden ? (
        contextVisible ? (
          <p className="card-context">
            <span className="label">Context: </span>
            {m.sentence_context}
          </p>
        ) : (
          <Button size="sm" variant="ghost" className="context-toggle" onClick={onShowContext}>
            Show context
          </Button>
        )
      ) : null}

      {kind === 'kanji' && m.kanji ? (
        <p className="card-prompt" lang="ja" aria-label={`Kanji ${m.kanji}`}>
          {m.kanji}
        </p>
      ) : null}

      {/* The note itself would give the meaning away: the front only says there is one. */}
      {m.vocab_note && !flipped ? (
        <p className="card-note-hint">
          <WarningIcon /> This word comes with a usage warning (on the back).
        </p>
      ) : null}

      {textHidden ? (
        <p className="card-listen">Listen to the sentence, then flip to see it.</p>
      ) : sentence ? (
        <JapaneseText as="p" className="card-sentence-text" text={sentence} furigana={settings.furigana} known={known} highlight={target} hideHighlightedReading={!flipped} />
      ) : null}

      {flipped ? (
        <div className="card-answer">
          {kind === 'kanji' && m.reading ? (
            <p className="card-answer-main" lang="ja">
              {m.reading}
            </p>
          ) : null}
          {kind === 'kanji' && m.reading_note ? (
            <p className="card-reading-note" role="note">
              {m.reading_note}
            </p>
          ) : null}
          {kind === 'kanji' && m.kanji ? <KanjiExtras key={card.flashcard_id} m={m} /> : null}
          {m.vocab || m.vocab_hiragana ? <CardWord m={m} /> : null}
          <RegisterNote note={m.vocab_note} className="card-note" />
          {meaning ? <p className="card-meaning">{meaning}</p> : null}
          {m.vocab_part_of_speech ? <p className="card-pos">{m.vocab_part_of_speech}</p> : null}
          {m.sentence_meaning ? <p className="card-translation">{m.sentence_meaning}</p> : null}
          {m.sentence_breakdown && m.sentence_breakdown.length > 0 ? (
            <Table
              caption="Word by word"
              className="breakdown"
              rows={m.sentence_breakdown}
              rowKey={(w, i) => `${i}-${w.word}`}
              columns={[
                { key: 'word', header: 'Word', cell: (w) => <span lang="ja">{w.word}</span>, rowHeader: true },
                { key: 'reading', header: 'Reading', cell: (w) => <span lang="ja">{w.pronunciation ?? ''}</span> },
                { key: 'meaning', header: 'Meaning', cell: (w) => w.meaning ?? '' },
              ]}
            />
          ) : null}
          <CardImage m={m} />
        </div>
      ) : null}
    </div>
  );
}

function CardImage({ m }: { m: Material }) {
  if (!m.image_url) return null;
  return <img className="card-image" src={m.image_url} alt={m.image_description ?? 'Illustration of the sentence'} loading="lazy" />;
}

/** The word with its reading; the reading carries the pitch accent when the content has it. */
function CardWord({ m }: { m: Material }) {
  const word = m.vocab ?? m.vocab_hiragana ?? '';
  const kanaOnly = isKanaOnly(word);
  const pitch = m.vocab_pitch ?? [];
  return (
    <p className="card-word">
      {kanaOnly && pitch.length ? (
        // A kana word is its own reading: the pitch line goes over the word.
        <span lang="ja" className="card-word-text">
          <PitchAccent reading={word} pitch={pitch} />
        </span>
      ) : (
        <span lang="ja" className="card-word-text">
          {word}
        </span>
      )}
      {!kanaOnly && m.vocab_hiragana ? (
        pitch.length ? (
          <PitchAccent reading={m.vocab_hiragana} pitch={pitch} className="card-word-reading" />
        ) : (
          <span lang="ja" className="card-word-reading">
            {m.vocab_hiragana}
          </span>
        )
      ) : null}
    </p>
  );
}

/** A reading card's kanji: radical and parts in one line, the stroke order behind a toggle (the card stays short). */
function KanjiExtras({ m }: { m: Material }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const kanji = m.kanji ?? '';
  const parts = m.kanji_components ?? [];
  return (
    <div className="card-kanji-extras">
      {m.kanji_radical || parts.length ? (
        <p className="card-kanji-parts">
          {m.kanji_radical ? (
            <span>
              <span className="label">Radical </span>
              <RadicalText radical={m.kanji_radical} />
            </span>
          ) : null}
          {parts.length ? (
            <span>
              <span className="label">Parts </span>
              <ComponentsText components={parts} />
            </span>
          ) : null}
        </p>
      ) : null}
      <Button size="sm" variant="ghost" className="stroke-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide stroke order' : 'Stroke order'}
      </Button>
      <div id={panelId} hidden={!open}>
        {open ? <StrokeOrder character={kanji} size={156} animateOnShow /> : null}
      </div>
    </div>
  );
}

/** A kana card's stroke order: each kana of a combination (きゃ) side by side. */
function KanaStrokes({ kana }: { kana: string }) {
  const chars = Array.from(kana);
  return (
    <div className="card-kana-strokes">
      {chars.map((c, i) => (
        <StrokeOrder key={`${c}-${i}`} character={c} size={chars.length > 1 ? 84 : 100} />
      ))}
    </div>
  );
}
