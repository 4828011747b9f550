import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, problem } from '../../test/fetch-mock';
import { kanaChartFixture, kanjiDetailFixture, kanjiListFixture, vocabListFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { kanaChartRows, kanaRowLabel } from './dictionary-browsers';
import { DictionaryPanel } from './dictionary-panel';

describe('kanji dictionary', () => {
  it('shows the grade tabs of Kanji I, only the first open without a subscription', async () => {
    const net = mockFetch({ 'GET /api/kanji?course=kanji1&tab=1': { body: kanjiListFixture() } });
    const { user } = renderWithProviders(<DictionaryPanel course="kanji1" subscribed={false} />);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Grade 1', 'Grade 2', 'Grade 3', 'Grade 4', 'Grade 5', 'Grade 6']);
    // The lock is an SVG icon with a label, not an emoji (an empty box without an emoji font).
    expect(tabs.map((t) => within(t).queryByRole('img', { name: 'locked' })?.tagName.toLowerCase() ?? null)).toEqual([null, 'svg', 'svg', 'svg', 'svg', 'svg']);
    expect(await screen.findByRole('button', { name: '日: day, sun' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Grade 2/ }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('This tab needs a subscription.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    // A locked tab is not even asked for.
    expect(net.calls.some((c) => c.url.searchParams.get('tab') === '2')).toBe(false);
  });

  it("shows the lock when the server answers 402 for a tab the page thought open", async () => {
    mockFetch({
      'GET /api/kanji?course=kanji2&tab=7': { body: { ...kanjiListFixture('7'), course: 'kanji2', tabs: ['7', '8', '9'].map((id) => ({ id, label: `Grade ${id}`, locked: false })) } },
      'GET /api/kanji?course=kanji2&tab=8': problem(402, 'Grade 8 needs a subscription.', 'subscription_required'),
    });
    const { user } = renderWithProviders(<DictionaryPanel course="kanji2" subscribed />);
    await user.click(await screen.findByRole('tab', { name: 'Grade 8' }));
    expect(await screen.findByText('This tab needs a subscription.')).toBeInTheDocument();
  });

  it('shows the details of a clicked kanji', async () => {
    mockFetch({ 'GET /api/kanji?course=kanji1&tab=1': { body: kanjiListFixture() }, 'GET /api/kanji/1': { body: kanjiDetailFixture() } });
    const { user } = renderWithProviders(<DictionaryPanel course="kanji1" subscribed />);
    await user.click(await screen.findByRole('button', { name: '日: day, sun' }));
    const detail = await screen.findByRole('region', { name: /日/ });
    expect(within(detail).getByText('ニチ')).toBeInTheDocument();
    expect(within(detail).getByText('4')).toBeInTheDocument();
    expect(within(detail).getByText('(10級)')).toBeInTheDocument();
    expect(within(detail).getByText('毎日')).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: /日/ })).not.toBeInTheDocument();
  });
});

describe('vocab dictionary', () => {
  it('has a tab per row, a … wa, only あ open without a subscription', async () => {
    mockFetch({
      'GET /api/vocabs?course=vocab1&tab=a': { body: vocabListFixture() },
      'GET /api/vocabs/7': {
        body: { id: 7, kanji: '朝', reading: 'あさ', definition: 'morning', audio_url: '/a.mp3', level: 1, sentence: { id: 1, text: '朝[あさ]ご飯[はん]を食[た]べる', clean_text: '朝ご飯を食べる', translation: 'I eat breakfast.', context: null, source: 'Kioku' } },
      },
    });
    const { user } = renderWithProviders(<DictionaryPanel course="vocab1" subscribed={false} />);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs).toHaveLength(10);
    expect(tabs[0]).toHaveTextContent('あ');
    expect(tabs[9]).toHaveTextContent('わ');
    await user.click(await screen.findByRole('button', { name: /朝/ }));
    expect(await screen.findByText('I eat breakfast.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play audio' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /か/ }));
    expect(screen.getByText('This tab needs a subscription.')).toBeInTheDocument();
  });
});

describe('kana chart', () => {
  it('shows hiragana and katakana by row with romaji and hints', async () => {
    mockFetch({
      'GET /api/kana': { body: kanaChartFixture() },
      'GET /api/kana/%E3%81%82?kana=true': { body: { kana: 'あ', romaji: 'a', hint: 'a as in father', audio_url: null, vocab_reading: 'あさ', vocab_definition: 'morning' } },
    });
    const { user } = renderWithProviders(<DictionaryPanel course="kana" subscribed={false} />);
    const cell = await screen.findByRole('button', { name: 'あ, a. a as in father' });
    expect(screen.getByRole('rowheader', { name: 'a' })).toBeInTheDocument();
    await user.click(cell);
    expect(await screen.findByText('morning', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Katakana' }));
    expect(screen.getByRole('button', { name: 'ア, a. a as in father' })).toBeInTheDocument();
  });

  it('heads every row readably and shows the katakana-only rows in the katakana chart only', async () => {
    const entry = (kana: string, romaji: string) => ({ kana, romaji, hint: `${kana} hint` });
    mockFetch({
      'GET /api/kana': {
        body: {
          rows: [
            ...kanaChartFixture().rows,
            { row: 'small_tsu', hiragana: [entry('っ', '(double consonant)')], katakana: [entry('ッ', '(double consonant)')] },
            { row: 'small_vowel', hiragana: [], katakana: [entry('ァ', 'a (small)'), entry('ィ', 'i (small)')] },
            { row: 'long_vowel', hiragana: [], katakana: [entry('ー', '(long vowel)')] },
            { row: 'v', hiragana: [], katakana: [entry('ヴ', 'vu')] },
          ],
        },
      },
    });
    const { user } = renderWithProviders(<DictionaryPanel course="kana" subscribed={false} />);
    await screen.findByRole('button', { name: /^あ, a/ });
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['a', 'small tsu']);
    expect(screen.queryByText('small_tsu')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Katakana' }));
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['a', 'small tsu', 'small vowels', 'long vowel', 'v']);
    const longVowel = screen.getByRole('row', { name: /long vowel/ });
    expect(within(longVowel).getByRole('button', { name: 'ー, (long vowel). ー hint' })).toBeInTheDocument();
    expect(within(longVowel).getByRole('cell')).toHaveAttribute('colspan', '2');
  });
});

describe('kanaChartRows', () => {
  it('drops the rows a script lacks and lets the last cell of a short row span the empty columns', () => {
    const e = (kana: string) => ({ kana, romaji: kana, hint: null });
    const rows = [
      { row: 'a', hiragana: ['あ', 'い', 'う', 'え', 'お'].map(e), katakana: ['ア', 'イ', 'ウ', 'エ', 'オ'].map(e) },
      { row: 'y', hiragana: ['や', 'ゆ', 'よ'].map(e), katakana: ['ヤ', 'ユ', 'ヨ'].map(e) },
      { row: 'long_vowel', hiragana: [], katakana: [e('ー')] },
    ];
    expect(kanaChartRows(rows, 'hiragana').map((r) => [r.row, r.entries.length, r.lastSpan])).toEqual([
      ['a', 5, 1],
      ['y', 3, 3],
    ]);
    expect(kanaChartRows(rows, 'katakana').map((r) => [r.row, r.lastSpan])).toEqual([
      ['a', 1],
      ['y', 3],
      ['long_vowel', 5],
    ]);
  });
});

describe('kanaRowLabel', () => {
  it('names the rows of small kana and marks in words, and never shows an id with an underscore', () => {
    expect(['a', 'k', 'small_tsu', 'small_vowel', 'long_vowel', 'v', 'some_new_row'].map(kanaRowLabel)).toEqual([
      'a',
      'k',
      'small tsu',
      'small vowels',
      'long vowel',
      'v',
      'some new row',
    ]);
  });
});

describe('dictionary details: part of speech, pitch, stroke order, radical and parts', () => {
  const strokes = (character: string, n: number) => ({
    [`GET /api/strokes/${encodeURIComponent(character)}`]: { body: { character, strokes: Array.from({ length: n }, (_, i) => `M${10 + i},20c1,1,2,2,3,3`) } },
  });

  it('shows a word with its part of speech, pitch over the reading, senses, other spellings and its register note', async () => {
    mockFetch({
      'GET /api/vocabs?course=vocab1&tab=a': {
        body: { ...vocabListFixture(), items: [{ id: 9, kanji: '聞く', reading: 'きく', definition: 'to hear', level: 1, note: 'A test warning.' }] },
      },
      'GET /api/vocabs/9': {
        body: {
          id: 9,
          kanji: '聞く',
          reading: 'きく',
          definition: 'to hear',
          audio_url: null,
          level: 1,
          part_of_speech: 'godan verb (-ku), transitive',
          senses: [
            { glosses: ['to hear'], pos: ['godan verb (-ku)', 'transitive'] },
            { glosses: ['to ask', 'to enquire'], pos: ['godan verb (-ku)', 'transitive'] },
          ],
          pitch: [0],
          variants: [
            { written: '聴く', reading: 'きく' },
            { written: '訊く', reading: 'きく' },
          ],
          note: 'A test warning.',
          sentence: null,
        },
      },
    });
    const { user } = renderWithProviders(<DictionaryPanel course="vocab1" subscribed={false} />);
    // The list already flags the word.
    const row = await screen.findByRole('button', { name: /聞く/ });
    expect(row).toHaveAccessibleName(expect.stringContaining('(usage warning)'));
    await user.click(row);
    const detail = await screen.findByRole('region', { name: /聞く/ });
    expect(within(detail).getByRole('img', { name: 'きく, pitch: flat' })).toBeInTheDocument();
    expect(within(detail).getByText('godan verb (-ku), transitive')).toBeInTheDocument();
    expect(within(detail).getByText('flat')).toBeInTheDocument();
    const senses = within(detail).getByRole('list');
    expect(within(senses).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['to hear', 'to ask; to enquire']);
    expect(within(detail).getByText('Also written').nextElementSibling).toHaveTextContent('聴く、訊く');
    expect(within(detail).getByRole('note')).toHaveTextContent('Usage warning: A test warning.');
  });

  it('draws the pitch of a kana word in its facts, every accent when there are several', async () => {
    mockFetch({
      'GET /api/vocabs?course=vocab1&tab=a': { body: { ...vocabListFixture(), items: [{ id: 5, kanji: 'いちご', reading: 'いちご', definition: 'strawberry', level: 1 }] } },
      'GET /api/vocabs/5': { body: { id: 5, kanji: 'いちご', reading: 'いちご', definition: 'strawberry', audio_url: null, level: 1, pitch: [0, 2], sentence: null } },
    });
    const { user } = renderWithProviders(<DictionaryPanel course="vocab1" subscribed={false} />);
    await user.click(await screen.findByRole('button', { name: /いちご/ }));
    const detail = await screen.findByRole('region', { name: /いちご/ });
    expect(within(detail).getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual(['いちご, pitch: flat', 'いちご, pitch: falls after the 2nd mora']);
    expect(within(detail).getByText(/flat or falls after the 2nd mora/)).toBeInTheDocument();
    // Fields the server leaves out (an older answer) show nothing rather than failing.
    expect(within(detail).queryByRole('note')).not.toBeInTheDocument();
    expect(within(detail).queryByText('Part of speech')).not.toBeInTheDocument();
  });

  it("shows a kanji's radical, parts, JLPT and Kanken levels, the content's level name and its stroke order", async () => {
    mockFetch({
      'GET /api/kanji?course=kanji1&tab=1': { body: kanjiListFixture() },
      'GET /api/kanji/1': {
        body: {
          ...kanjiDetailFixture(),
          character: '語',
          level: 2,
          level_label: '9級–8級',
          strokes: 14,
          radical: { number: 149, character: '言', name: 'speech' },
          components: ['言', '吾'],
          jlpt: 4,
          kanken: '9級',
          vocabs: [{ vocab: '日本語', vocab_hiragana: 'にほんご', vocab_meaning: 'Japanese', vocab_note: 'A test warning.' }],
        },
      },
      ...strokes('語', 14),
    });
    const { user } = renderWithProviders(<DictionaryPanel course="kanji1" subscribed />);
    await user.click(await screen.findByRole('button', { name: '日: day, sun' }));
    const detail = await screen.findByRole('region', { name: /語/ });
    const fact = (term: string) => within(detail).getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(fact('Level')).toHaveTextContent('2 (9級–8級)');
    expect(fact('Radical')).toHaveTextContent('言 speech (no. 149)');
    expect(fact('Parts')).toHaveTextContent('言 + 吾');
    expect(fact('JLPT')).toHaveTextContent('level 4 (pre-2010 test)');
    expect(fact('Kanji Kentei')).toHaveTextContent('9級');
    expect(await within(detail).findByRole('img', { name: 'Stroke order of 語: 14 strokes' })).toBeInTheDocument();
    expect(within(detail).getByRole('note')).toHaveTextContent('A test warning.');
  });

  it('shows the stroke order of a kana, and nothing where there is none', async () => {
    mockFetch({
      'GET /api/kana': { body: kanaChartFixture() },
      'GET /api/kana/%E3%81%82?kana=true': { body: { kana: 'あ', romaji: 'a', hint: 'a as in father', audio_url: null, vocab_reading: 'あさ', vocab_definition: 'morning' } },
      'GET /api/kana/%E3%81%84?kana=true': { body: { kana: 'い', romaji: 'i', hint: 'ee as in see', audio_url: null, vocab_reading: 'いぬ', vocab_definition: 'dog' } },
      ...strokes('あ', 3),
      [`GET /api/strokes/${encodeURIComponent('い')}`]: problem(404, 'No stroke order.', 'not_found'),
    });
    const { user } = renderWithProviders(<DictionaryPanel course="kana" subscribed={false} />);
    await user.click(await screen.findByRole('button', { name: 'あ, a. a as in father' }));
    expect(await screen.findByRole('img', { name: 'Stroke order of あ: 3 strokes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'い, i. ee as in see' }));
    expect(await screen.findByText('dog', { exact: false })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('img', { name: /Stroke order/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
