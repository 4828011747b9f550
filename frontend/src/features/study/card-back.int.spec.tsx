// The answer side's extras (issue 12): part of speech, pitch, register note, radical and parts, stroke order.
import { screen, within } from '@testing-library/react';
import { mockFetch } from '../../test/fetch-mock';
import { defaultSettings, gradeResponse, kanaCard, kanjiCard, nextCard, profileFixture, vocabCard, type FlashcardFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import type { Course } from '../../lib/courses';
import { CardFace } from './card-face';
import { FlashcardPanel } from './flashcard-panel';
import { flashcardSchema } from './study-queries';

const strokes = (character: string, n: number) => ({
  [`GET /api/strokes/${encodeURIComponent(character)}`]: { body: { character, strokes: Array.from({ length: n }, (_, i) => `M${20 + i * 5},30c1,1,2,2,3,3`) } },
});

function face(fixture: FlashcardFixture, flipped: boolean) {
  const card = flashcardSchema.parse(fixture);
  return renderWithProviders(<CardFace card={card} flipped={flipped} settings={defaultSettings} contextShown onShowContext={() => {}} />);
}

describe('vocab card back', () => {
  const taberu = () =>
    vocabCard(
      { attempts: 1 },
      {
        vocab: '食べる',
        vocab_hiragana: 'たべる',
        vocab_meaning: 'to eat',
        sentence: 'ご飯[はん]を食[た]べる',
        vocab_part_of_speech: 'ichidan verb, transitive',
        vocab_pitch: [2],
        vocab_note: 'A test warning about register.',
      },
    );

  it('draws the pitch over the reading, and shows the part of speech and the register note', () => {
    face(taberu(), true);
    expect(screen.getByRole('img', { name: 'たべる, pitch: falls after the 2nd mora' })).toBeInTheDocument();
    expect(screen.getByText('ichidan verb, transitive')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Usage warning: A test warning about register.');
  });

  it('says on the front that a warning waits on the back, without giving the meaning away', () => {
    face(taberu(), false);
    expect(screen.getByText(/usage warning \(on the back\)/)).toBeInTheDocument();
    expect(screen.queryByText(/A test warning/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /pitch/ })).not.toBeInTheDocument();
  });

  it('draws the pitch over a kana word itself, and shows the plain reading when there is no accent data', () => {
    const { unmount } = face(vocabCard({ attempts: 1 }, { vocab: 'いちご', vocab_hiragana: 'いちご', vocab_meaning: 'strawberry', vocab_pitch: [0, 2] }), true);
    expect(screen.getAllByRole('img', { name: /pitch/ })).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'いちご, pitch: flat' })).toBeInTheDocument();
    unmount();
    const { container } = face(vocabCard({ attempts: 1 }), true);
    expect(screen.queryByRole('img', { name: /pitch/ })).not.toBeInTheDocument();
    expect(container.querySelector('.card-word-reading')).toHaveTextContent('にほんご');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});

describe('reading (kanji) card back', () => {
  const go = () =>
    kanjiCard(
      { attempts: 2 },
      {
        kanji: '語',
        reading: 'ゴ',
        vocab: '日本語',
        vocab_hiragana: 'にほんご',
        vocab_meaning: 'Japanese (language)',
        sentence: '日本語[にほんご]を話[はな]す',
        kanji_radical: { number: 149, character: '言', name: 'speech' },
        kanji_components: ['言', '吾'],
        vocab_pitch: [0],
        vocab_part_of_speech: 'noun',
      },
    );

  it("shows the kanji's radical and parts, the word's pitch, and the stroke order behind a toggle", async () => {
    const net = mockFetch(strokes('語', 14));
    const { user } = face(go(), true);
    expect(screen.getByText('Radical').parentElement).toHaveTextContent('Radical 言 speech (no. 149)');
    expect(screen.getByText('Parts').parentElement).toHaveTextContent('Parts 言 + 吾');
    expect(screen.getByRole('img', { name: 'にほんご, pitch: flat' })).toBeInTheDocument();
    expect(screen.getByText('noun')).toBeInTheDocument();
    // Collapsed: the card stays short and nothing is fetched until asked.
    const toggle = screen.getByRole('button', { name: 'Stroke order' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(net.calls).toHaveLength(0);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide stroke order');
    expect(await screen.findByRole('img', { name: 'Stroke order of 語: 14 strokes' })).toBeInTheDocument();
    await user.click(toggle);
    expect(screen.queryByRole('img', { name: /Stroke order/ })).not.toBeInTheDocument();
  });

  it('keeps the grade shortcuts working with the stroke order open', async () => {
    const card = go();
    const course: Course = 'kanji1';
    const net = mockFetch({
      [`GET /api/flashcard?course=${course}`]: { body: nextCard({ flashcard: card, review_count: 1, learned_count: 5 }) },
      'GET /api/users/profile': { body: profileFixture() },
      'POST /api/flashcard': { body: gradeResponse(card, null) },
      ...strokes('語', 14),
    });
    const { user } = renderWithProviders(<FlashcardPanel course={course} settings={defaultSettings} subscribed={false} />);
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.keyboard(' ');
    await user.click(screen.getByRole('button', { name: 'Stroke order' }));
    await screen.findByRole('img', { name: /Stroke order of 語/ });
    await user.keyboard('3');
    await screen.findByText('Session complete. Well done!');
    expect(net.requests('POST', '/api/flashcard')[0].body).toMatchObject({ grade: 5 });
  });
});

describe('kana card back', () => {
  it('shows the stroke order of the kana', async () => {
    mockFetch(strokes('あ', 3));
    face(kanaCard({ attempts: 1 }), true);
    expect(await screen.findByRole('img', { name: 'Stroke order of あ: 3 strokes' })).toBeInTheDocument();
  });

  it('shows each kana of a combination', async () => {
    mockFetch({ ...strokes('き', 4), ...strokes('ゃ', 3) });
    const { container } = face(kanaCard({ attempts: 1 }, { kana: 'きゃ', romaji: 'kya' }), true);
    await screen.findByRole('img', { name: 'Stroke order of ゃ: 3 strokes' });
    expect(within(container.querySelector('.card-kana-strokes') as HTMLElement).getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual([
      'Stroke order of き: 4 strokes',
      'Stroke order of ゃ: 3 strokes',
    ]);
  });

  it('shows no stroke order before the flip', () => {
    const net = mockFetch(strokes('あ', 3));
    face(kanaCard({ attempts: 1 }), false);
    expect(screen.queryByRole('img', { name: /Stroke order/ })).not.toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });
});

describe('the target word on the answer side', () => {
  // The learner knows both words (the server marks them from their vocab cards): the target's reading must still
  // not be the faint one, the learner is learning exactly that reading.
  const card = () =>
    vocabCard(
      { attempts: 2 },
      {
        sentence: '私[わたし]は日本語[にほんご]を勉強[べんきょう]します',
        sentence_breakdown: [
          { word: '私', pronunciation: 'わたし', meaning: 'I', learner_knows: true },
          { word: '日本語', pronunciation: 'にほんご', meaning: 'Japanese', vocab: true, learner_knows: true },
        ],
      },
    );

  it('shows the reading of the target fully once flipped, while other known words stay faint', () => {
    const { container } = face(card(), true);
    const sentence = container.querySelector('.card-sentence-text')!;
    const target = sentence.querySelector('mark.target ruby')!;
    expect(target.querySelector('rt')).toHaveTextContent('にほんご');
    expect(target).not.toHaveClass('ruby-faint');
    expect(sentence.querySelector('ruby.ruby-faint')).toHaveTextContent('私');
  });

  it('hides the reading of the target on the question side', () => {
    const { container } = face(card(), false);
    expect(container.querySelector('.card-sentence-text mark.target')).toHaveTextContent('日本語');
    expect(container.querySelector('.card-sentence-text mark.target rt')).toBeNull();
  });
});

describe('fainter furigana for the words the learner knows (issue 31)', () => {
  const card = (known: boolean) =>
    vocabCard(
      { attempts: 2 },
      {
        sentence: '私[わたし]は日本語[にほんご]を勉強[べんきょう]します',
        sentence_breakdown: [
          // `vocab` is the authored flag (a course word); only `learner_knows` says the learner knows it.
          { word: '私', pronunciation: 'わたし', meaning: 'I', vocab: true, learner_knows: known },
          { word: '勉強', pronunciation: 'べんきょう', meaning: 'study', vocab: true, learner_knows: false },
          { word: '日本語', pronunciation: 'にほんご', meaning: 'Japanese', vocab: true },
        ],
      },
    );

  it('makes a known word’s reading faint and leaves the others', () => {
    const { container } = face(card(true), true);
    const faint = [...container.querySelectorAll('.card-sentence-text ruby.ruby-faint')].map((r) => r.firstChild?.textContent);
    expect(faint).toEqual(['私']);
  });

  it('leaves a course word the learner does not know yet at full strength', () => {
    const { container } = face(card(false), true);
    expect(container.querySelector('.card-sentence-text ruby.ruby-faint')).toBeNull();
  });
});
