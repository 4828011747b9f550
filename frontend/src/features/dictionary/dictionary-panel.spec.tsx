import { screen, within } from '@testing-library/react';
import { mockFetch, problem } from '../../test/fetch-mock';
import { kanaChartFixture, kanjiDetailFixture, kanjiListFixture, vocabListFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DictionaryPanel } from './dictionary-panel';

describe('kanji dictionary', () => {
  it('shows the grade tabs of Kanji I, only the first open without a subscription', async () => {
    const net = mockFetch({ 'GET /api/kanji?course=kanji1&tab=1': { body: kanjiListFixture() } });
    const { user } = renderWithProviders(<DictionaryPanel course="kanji1" subscribed={false} />);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Grade 1', 'Grade 2🔒', 'Grade 3🔒', 'Grade 4🔒', 'Grade 5🔒', 'Grade 6🔒']);
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
});
