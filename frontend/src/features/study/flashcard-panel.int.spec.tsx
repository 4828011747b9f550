import { act, screen, waitFor, within } from '@testing-library/react';
import { defaultSettings, gradeResponse, kanaCard, kanjiCard, nextCard, profileFixture, vocabCard, type FlashcardFixture } from '../../test/fixtures';
import { mockFetch, problem, type MockReply, type MockRoute } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { profileSchema, type Settings } from '../../lib/profile';
import { queryKeys } from '../../lib/query-keys';
import type { Course } from '../../lib/courses';
import { FlashcardPanel, OFFLINE_MESSAGE } from './flashcard-panel';
import { gradeRetryPolicy } from './study-queries';

beforeAll(() => {
  gradeRetryPolicy.baseDelayMs = 5;
  gradeRetryPolicy.maxDelayMs = 10;
});

interface Setup {
  course?: Course;
  next: ReturnType<typeof nextCard>;
  settings?: Partial<Settings>;
  subscribed?: boolean;
  grade?: MockRoute;
  extra?: Record<string, MockRoute>;
}

function setup({ course = 'vocab1', next, settings, subscribed = false, grade, extra }: Setup) {
  const net = mockFetch({
    [`GET /api/flashcard?course=${course}`]: { body: next },
    'GET /api/users/profile': { body: profileFixture() },
    ...(grade ? { 'POST /api/flashcard': grade } : {}),
    ...extra,
  });
  const view = renderWithProviders(<FlashcardPanel course={course} settings={{ ...defaultSettings, ...settings }} subscribed={subscribed} />);
  return { ...view, net };
}

const blur = () => (document.activeElement as HTMLElement | null)?.blur();

describe('panel states (SPEC §4)', () => {
  it('Rest: caught up, shows the time to the next reviews', async () => {
    setup({ next: nextCard({ flashcard: null, user_next_review_in_minutes: 120, learned_count: 30 }) });
    expect(await screen.findByText('Next reviews in 2 hours')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All caught up' })).toBeInTheDocument();
  });

  it("Arrival: a new learner is offered 'Learn 10 new cards'", async () => {
    setup({ next: nextCard({ flashcard: vocabCard(), new_available: 1000, learned_count: 0 }) });
    expect(await screen.findByRole('heading', { name: 'Welcome to Vocab I' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Learn 10 new cards' })).toBeInTheDocument();
  });

  it('Lessons: new cards and no reviews due', async () => {
    setup({ next: nextCard({ flashcard: vocabCard(), new_available: 990, learned_count: 10 }) });
    expect(await screen.findByRole('heading', { name: 'New cards' })).toBeInTheDocument();
    expect(screen.getByText(/No reviews are due/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Learn 10 new cards' })).toBeInTheDocument();
  });

  it('says how many cards of an open level are available while some are not written yet', async () => {
    setup({ next: nextCard({ flashcard: vocabCard(), new_available: 150, learned_count: 10, incomplete_levels: [{ level: 2, available: 150, cards: 356 }] }) });
    expect(await screen.findByText('Level 2: 150 of 356 cards available.')).toBeInTheDocument();
  });

  it('says nothing about availability when every open level is whole', async () => {
    setup({ next: nextCard({ flashcard: vocabCard(), new_available: 990, learned_count: 10 }) });
    await screen.findByText(/990 new cards are waiting/);
    expect(screen.queryByText(/cards available/)).not.toBeInTheDocument();
  });

  it('Reviews: shows the count and a Review button', async () => {
    setup({ next: nextCard({ flashcard: vocabCard({ attempts: 3 }), review_count: 7, new_available: 900, learned_count: 100 }) });
    expect(await screen.findByText('reviews ready', { exact: false })).toHaveTextContent('7 reviews ready');
    expect(screen.getByRole('button', { name: 'Review' })).toBeInTheDocument();
  });

  it("Started: 'Review n/total', unflipped, then the grades with their next intervals", async () => {
    const { user } = setup({ next: nextCard({ flashcard: vocabCard({ attempts: 3, next_intervals: { '0': 0, '3': 12, '5': 72 } }), review_count: 5, learned_count: 40 }) });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    expect(screen.getByText('Review 1/5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Didn't get it/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Japanese language')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    expect(screen.getByText('Japanese language')).toBeInTheDocument();
    // A failed review is due again at once: it comes back in this session, not in "0 hours".
    expect(screen.getByRole('button', { name: "Didn't get it again in this session" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Got it, hard 12 hours' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Got it, easy 3 days' })).toBeInTheDocument();
    expect(screen.queryByText(/0 hours/)).not.toBeInTheDocument();
  });

  it('says what a lesson grade does: the same for every grade (after this batch), and 29 days for "I already know it"', async () => {
    const card = vocabCard({ attempts: 0, next_intervals: { '0': 0, '3': 0, '5': 0, '10': 696 } });
    const { user } = setup({ subscribed: true, next: nextCard({ flashcard: card, new_available: 20, learned_count: 5 }) });
    await user.click(await screen.findByRole('button', { name: 'Learn 10 new cards' }));
    const known = screen.getByRole('button', { name: 'I already know it 29 days' });
    // Its tooltip says how a known card counts: it never holds the level back.
    expect(known).toHaveAccessibleDescription(/counts as Intermediate for your level at once/);

    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    // Issue 31: three buttons each said "review now". Every lesson grade gives the card the same schedule (due at
    // once, reviewed after the batch), so that is said once for the group and each button is just its grade.
    expect(screen.getByText("Whichever you choose, this new card comes back in this session's review, right after the new cards.")).toBeInTheDocument();
    for (const label of ["Didn't get it", 'Got it, hard', 'Got it, easy']) expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    expect(screen.queryByText(/review now|0 hours/)).not.toBeInTheDocument();
  });

  it('shows a failed load with a way to try again', async () => {
    setup({ next: nextCard(), extra: { 'GET /api/flashcard?course=vocab1': problem(500, 'Something broke on our side.') } });
    expect(await screen.findByText('Something broke on our side.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('grading', () => {
  it("renders the response's new_flashcard at once and continues the batch with new cards", async () => {
    const first = vocabCard();
    const second = vocabCard({}, { vocab: '猫', vocab_hiragana: 'ねこ', vocab_meaning: 'cat', sentence: '猫[ねこ]がいます' });
    const { user, net } = setup({
      next: nextCard({ flashcard: first, new_available: 50, learned_count: 0 }),
      grade: { body: gradeResponse(first, second, { review_count: 1 }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Learn 10 new cards' }));
    expect(screen.getByText('New Card 1/10')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, easy/ }));

    expect(await screen.findByText('New Card 2/10')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getByText('猫')).toBeInTheDocument();
    const [post] = net.requests('POST', '/api/flashcard');
    expect(post.body).toEqual({ id: first.flashcard_id, grade: 5, fetch_new: true });
    expect(post.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.headers['X-XSRF-TOKEN']).toBe('test-csrf-token');
  });

  it('after the batch of new cards, reviews the cards just learned', async () => {
    const a = vocabCard();
    const b = vocabCard();
    const reviewOfA = { ...a, attempts: 1 };
    let call = 0;
    const { user, net } = setup({
      next: nextCard({ flashcard: a, new_available: 2, learned_count: 0 }),
      grade: () => (call++ === 0 ? { body: gradeResponse(a, b, { review_count: 1 }) } : { body: gradeResponse(b, reviewOfA, { review_count: 2 }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Learn 2 new cards' }));
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, hard/ }));
    expect(await screen.findByText('New Card 2/2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Didn't get it/ }));
    expect(await screen.findByText('Review 1/2')).toBeInTheDocument();
    expect(net.requests('POST', '/api/flashcard').map((r) => (r.body as { fetch_new: boolean }).fetch_new)).toEqual([true, false]);
  });

  it('goes on with the reviews when the batch runs out of new cards early', async () => {
    const a = vocabCard();
    const reviewOfA = { ...a, attempts: 1 };
    const { user, net } = setup({
      next: nextCard({ flashcard: a, new_available: 3, learned_count: 0 }),
      grade: { body: gradeResponse(a, null, { review_count: 1 }) },
    });
    // Once the grade is in, the next card of the course is the review of the card just learned.
    net.routes['GET /api/flashcard?course=vocab1'] = () => ({ body: net.requests('POST', '/api/flashcard').length ? nextCard({ flashcard: reviewOfA, review_count: 1, learned_count: 1 }) : nextCard({ flashcard: a, new_available: 3, learned_count: 0 }) });
    await user.click(await screen.findByRole('button', { name: 'Learn 3 new cards' }));
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, hard/ }));
    expect(await screen.findByText('Review 1/1')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Flashcard, question side' })).toHaveAttribute('data-card-id', a.flashcard_id);
    expect(screen.queryByText('Session complete. Well done!')).not.toBeInTheDocument();
  });

  it('ends the session when there is no next card', async () => {
    const only = vocabCard({ attempts: 4 });
    const { user } = setup({ next: nextCard({ flashcard: only, review_count: 1, learned_count: 9 }), grade: { body: gradeResponse(only, null, { review_count: 0 }) } });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, easy/ }));
    expect(await screen.findByText('Session complete. Well done!')).toBeInTheDocument();
  });

  it('retries a grade lost to the network with the same Idempotency-Key, and grades once', async () => {
    const card = vocabCard({ attempts: 2 });
    const following = vocabCard({ attempts: 2 }, { vocab: '犬', sentence: '犬[いぬ]が走[はし]る' });
    let release: (value: unknown) => void = () => undefined;
    let call = 0;
    const { user, net } = setup({
      next: nextCard({ flashcard: card, review_count: 2, learned_count: 9 }),
      grade: () => {
        call += 1;
        if (call === 1) return new TypeError('Failed to fetch');
        return new Promise((resolve) => {
          release = () => resolve({ body: gradeResponse(card, following, { review_count: 1 }) });
        });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, hard/ }));

    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(net.requests('POST', '/api/flashcard')).toHaveLength(2));
    // The grade buttons stay disabled while the answer is on its way: no second grade.
    for (const button of screen.getAllByRole('button', { name: /Got it|Didn't get it/ })) expect(button).toBeDisabled();
    await user.keyboard('3');
    act(() => release(undefined));

    expect(await screen.findByText('Review 2/2')).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument();
    const posts = net.requests('POST', '/api/flashcard');
    expect(posts).toHaveLength(2);
    expect(posts[0].headers['Idempotency-Key']).toBe(posts[1].headers['Idempotency-Key']);
    expect(posts[0].body).toEqual(posts[1].body);
  });

  it('says so when the browser is offline', async () => {
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    setup({ next: nextCard({ flashcard: null, user_next_review_in_minutes: 5 }) });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeInTheDocument();
    online.mockRestore();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument());
  });

  it('marks the profile stale (the shell refetches it) and shows a new level', async () => {
    const card = vocabCard({ attempts: 5 });
    const { user, queryClient } = setup({
      next: nextCard({ flashcard: card, review_count: 1, learned_count: 99 }),
      grade: { body: gradeResponse(card, null, { new_level: 2 }) },
    });
    queryClient.setQueryData(queryKeys.profile, profileSchema.parse(profileFixture()));
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, easy/ }));
    expect(await screen.findByText('Level up! You reached level 2 in Vocab I.')).toBeInTheDocument();
    expect(queryClient.getQueryState(queryKeys.profile)?.isInvalidated).toBe(true);
  });

  it("shows the server's reason for 409 (graded elsewhere) with a reload, and for 402 with Subscribe", async () => {
    const card = vocabCard({ attempts: 5 });
    const { user } = setup({
      next: nextCard({ flashcard: card, review_count: 1, learned_count: 99 }),
      grade: problem(409, 'This card was graded elsewhere. Reload to continue.', 'concurrency_conflict'),
    });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, easy/ }));
    expect(await screen.findByText('This card was graded elsewhere. Reload to continue.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('402: explains the paywall and offers Subscribe', async () => {
    const card = vocabCard({ attempts: 0 });
    const { user } = setup({
      next: nextCard({ flashcard: card, new_available: 10, learned_count: 10 }),
      grade: problem(402, 'Level 2 needs a subscription.', 'subscription_required'),
    });
    await user.click(await screen.findByRole('button', { name: /Learn/ }));
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, easy/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Level 2 needs a subscription.');
    expect(within(alert).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });
});

describe('the next card without waiting (DESIGN §8)', () => {
  type NextFixture = ReturnType<typeof nextCard>;

  /** GET /api/flashcard?course=…&after=<id>&fetch_new=…: the card that follows <id>, as the server would say. */
  function followingRoute(answers: Record<string, Partial<NextFixture>>, echo = true): MockRoute {
    return (request) => {
      const after = request.url.searchParams.get('after') ?? '';
      const answer = answers[after];
      if (!answer) return problem(404, `no following card for ${after}`);
      return { body: nextCard({ ...answer, ...(echo ? { after } : {}) }) };
    };
  }

  /** A POST that answers only when the test says so. */
  function heldGrade(reply: (call: number) => MockReply | Error) {
    const releases: Array<() => void> = [];
    let call = 0;
    const route: MockRoute = () => {
      const n = call++;
      const answer = reply(n);
      if (answer instanceof Error) return answer;
      return new Promise<MockReply>((resolve) => releases.push(() => resolve(answer)));
    };
    return { route, release: () => act(() => releases.shift()?.()) };
  }

  const cat = (overrides: Partial<FlashcardFixture> = {}) => vocabCard(overrides, { vocab: '猫', vocab_hiragana: 'ねこ', vocab_meaning: 'cat', sentence: '猫[ねこ]がいます' });
  const dog = (overrides: Partial<FlashcardFixture> = {}) => vocabCard(overrides, { vocab: '犬', vocab_hiragana: 'いぬ', vocab_meaning: 'dog', sentence: '犬[いぬ]が走[はし]る' });
  const shownCard = () => document.querySelector('article[data-card-id]')?.getAttribute('data-card-id');
  const askedAfter = (net: ReturnType<typeof mockFetch>, id: string) => net.requests('GET', '/api/flashcard').filter((r) => r.url.searchParams.get('after') === id);

  /** Until the panel has asked what follows `id` and the answer has landed. */
  async function lookedAhead(net: ReturnType<typeof mockFetch>, id: string) {
    await waitFor(() => expect(askedAfter(net, id)).toHaveLength(1));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
  }

  it('shows the card that follows at once, before the grade is answered, and asks ahead again once it is', async () => {
    const first = vocabCard();
    const second = cat();
    const third = dog();
    const post = heldGrade(() => ({ body: gradeResponse(first, second, { review_count: 1 }) }));
    const { user, net } = setup({
      next: nextCard({ flashcard: first, new_available: 50, learned_count: 0 }),
      grade: post.route,
      extra: { 'GET /api/flashcard': followingRoute({ [first.flashcard_id]: { flashcard: second }, [second.flashcard_id]: { flashcard: third } }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Learn 10 new cards' }));
    await lookedAhead(net, first.flashcard_id);
    const [ahead] = askedAfter(net, first.flashcard_id);
    expect(ahead.url.searchParams.get('fetch_new')).toBe('true');
    expect(ahead.url.searchParams.get('course')).toBe('vocab1');

    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, easy/ }));
    // The POST has not answered, yet the next card is there, question side up, with no "Saving…".
    expect(screen.getByText('New Card 2/10')).toBeInTheDocument();
    expect(screen.getByText('猫')).toBeInTheDocument();
    expect(shownCard()).toBe(second.flashcard_id);
    expect(screen.getByRole('button', { name: 'Show answer' })).toHaveFocus();
    expect(screen.queryByText('Saving…')).not.toBeInTheDocument();
    expect(net.requests('POST', '/api/flashcard')).toHaveLength(1);
    // What follows the second card depends on the first grade: not asked before the server has it.
    expect(askedAfter(net, second.flashcard_id)).toHaveLength(0);

    post.release();
    await lookedAhead(net, second.flashcard_id);
    expect(screen.getByText('New Card 2/10')).toBeInTheDocument();
    expect(shownCard()).toBe(second.flashcard_id);
  });

  it('keeps the flip when the server agrees, and takes its counts', async () => {
    const first = vocabCard({ attempts: 3 });
    const second = cat({ attempts: 2 });
    const post = heldGrade(() => ({ body: gradeResponse(first, second, { review_count: 4 }) }));
    const { user, net } = setup({
      next: nextCard({ flashcard: first, review_count: 3, learned_count: 20 }),
      grade: post.route,
      extra: { 'GET /api/flashcard': followingRoute({ [first.flashcard_id]: { flashcard: second, review_count: 3 } }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    expect(screen.getByText('Review 1/3')).toBeInTheDocument();
    await lookedAhead(net, first.flashcard_id);
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, hard/ }));
    expect(screen.getByText('Review 2/3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    expect(screen.getByText('cat')).toBeInTheDocument();

    // Another review became due meanwhile: the server's count wins, the card stays flipped.
    post.release();
    expect(await screen.findByText('Review 2/5')).toBeInTheDocument();
    expect(screen.getByText('cat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Got it, easy/ })).toBeInTheDocument();
  });

  it('follows the server when its next card is another one', async () => {
    const first = vocabCard();
    const predicted = cat();
    const actual = dog();
    const post = heldGrade(() => ({ body: gradeResponse(first, actual, { review_count: 1 }) }));
    const { user, net } = setup({
      next: nextCard({ flashcard: first, new_available: 50, learned_count: 5 }),
      grade: post.route,
      extra: { 'GET /api/flashcard': followingRoute({ [first.flashcard_id]: { flashcard: predicted } }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Learn 10 new cards' }));
    await lookedAhead(net, first.flashcard_id);
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, easy/ }));
    expect(shownCard()).toBe(predicted.flashcard_id);
    await user.click(screen.getByRole('button', { name: 'Show answer' }));

    post.release();
    await waitFor(() => expect(shownCard()).toBe(actual.flashcard_id));
    expect(screen.getByText('New Card 2/10')).toBeInTheDocument();
    // The server's card is a fresh one: question side up.
    expect(screen.getByRole('button', { name: 'Show answer' })).toBeInTheDocument();
    expect(screen.queryByText('cat')).not.toBeInTheDocument();
  });

  it('retries a failed POST with the same Idempotency-Key behind the next card, and tells the learner when offline', async () => {
    const first = vocabCard({ attempts: 2 });
    const second = cat({ attempts: 2 });
    const third = dog({ attempts: 2 });
    const post = heldGrade((call) => {
      if (call === 0) return new TypeError('Failed to fetch');
      return { body: call === 1 ? gradeResponse(first, second, { review_count: 2 }) : gradeResponse(second, third, { review_count: 1 }) };
    });
    const { user, net } = setup({
      next: nextCard({ flashcard: first, review_count: 3, learned_count: 9 }),
      grade: post.route,
      extra: { 'GET /api/flashcard': followingRoute({ [first.flashcard_id]: { flashcard: second, review_count: 3 } }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await lookedAhead(net, first.flashcard_id);
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, hard/ }));
    expect(screen.getByText('Review 2/3')).toBeInTheDocument();
    expect(shownCard()).toBe(second.flashcard_id);

    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(net.requests('POST', '/api/flashcard')).toHaveLength(2));
    // The card shown ahead can be answered at once; its answer waits until the first one is recorded.
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.keyboard('3');
    expect(net.requests('POST', '/api/flashcard')).toHaveLength(2);
    for (const button of screen.getAllByRole('button', { name: /Got it|Didn't get it/ })) expect(button).toBeDisabled();
    await user.keyboard('1');

    post.release();
    await waitFor(() => expect(net.requests('POST', '/api/flashcard')).toHaveLength(3));
    expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument();
    const posts = net.requests('POST', '/api/flashcard');
    // The lost POST and its retry: one key, one body. Then the queued answer, with a key of its own.
    expect(posts[0].headers['Idempotency-Key']).toBe(posts[1].headers['Idempotency-Key']);
    expect(posts[0].body).toEqual(posts[1].body);
    expect(posts[0].body).toEqual({ id: first.flashcard_id, grade: 3, fetch_new: false });
    expect(posts[2].body).toEqual({ id: second.flashcard_id, grade: 5, fetch_new: false });
    expect(posts[2].headers['Idempotency-Key']).not.toBe(posts[0].headers['Idempotency-Key']);
    expect(screen.getByText('Saving…')).toBeInTheDocument();

    post.release();
    expect(await screen.findByText('Review 3/3')).toBeInTheDocument();
    expect(shownCard()).toBe(third.flashcard_id);
    expect(net.requests('POST', '/api/flashcard')).toHaveLength(3);
  });

  it('forgets an answer given ahead when the server says another card comes next', async () => {
    const first = vocabCard({ attempts: 2 });
    const predicted = cat({ attempts: 2 });
    const actual = dog({ attempts: 2 });
    const post = heldGrade(() => ({ body: gradeResponse(first, actual, { review_count: 2 }) }));
    const { user, net } = setup({
      next: nextCard({ flashcard: first, review_count: 3, learned_count: 9 }),
      grade: post.route,
      extra: { 'GET /api/flashcard': followingRoute({ [first.flashcard_id]: { flashcard: predicted, review_count: 3 } }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await lookedAhead(net, first.flashcard_id);
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, hard/ }));
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, easy/ }));

    post.release();
    await waitFor(() => expect(shownCard()).toBe(actual.flashcard_id));
    expect(screen.getByRole('button', { name: 'Show answer' })).toBeInTheDocument();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(net.requests('POST', '/api/flashcard')).toHaveLength(1);
  });

  it('retries while the server is still working on the same key (409 conflict), then takes its stored answer', async () => {
    const first = vocabCard({ attempts: 2 });
    const second = cat({ attempts: 2 });
    let call = 0;
    const { user, net } = setup({
      next: nextCard({ flashcard: first, review_count: 2, learned_count: 9 }),
      grade: () => (call++ === 0 ? problem(409, 'The same request is still being processed.', 'conflict') : { body: gradeResponse(first, second, { review_count: 1 }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, hard/ }));
    expect(await screen.findByText('Review 2/2')).toBeInTheDocument();
    const posts = net.requests('POST', '/api/flashcard');
    expect(posts).toHaveLength(2);
    expect(posts[0].headers['Idempotency-Key']).toBe(posts[1].headers['Idempotency-Key']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes back to the answered card when the server refuses the grade', async () => {
    const first = vocabCard();
    const second = cat();
    const post = heldGrade(() => problem(402, 'Level 2 needs a subscription.', 'subscription_required'));
    const { user, net } = setup({
      next: nextCard({ flashcard: first, new_available: 10, learned_count: 10 }),
      grade: post.route,
      extra: { 'GET /api/flashcard': followingRoute({ [first.flashcard_id]: { flashcard: second } }) },
    });
    await user.click(await screen.findByRole('button', { name: /Learn/ }));
    await lookedAhead(net, first.flashcard_id);
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, easy/ }));
    expect(shownCard()).toBe(second.flashcard_id);
    post.release();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Level 2 needs a subscription.');
    expect(shownCard()).toBe(first.flashcard_id);
    expect(screen.getByText('New Card 1/10')).toBeInTheDocument();
  });

  it('waits for the server when nothing else follows: the graded card itself may come back', async () => {
    const only = vocabCard({ attempts: 3 });
    const post = heldGrade(() => ({ body: gradeResponse(only, { ...only, attempts: 4 }, { review_count: 1 }) }));
    const { user, net } = setup({
      next: nextCard({ flashcard: only, review_count: 1, learned_count: 9 }),
      grade: post.route,
      extra: { 'GET /api/flashcard': followingRoute({ [only.flashcard_id]: { flashcard: null, review_count: 1 } }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await lookedAhead(net, only.flashcard_id);
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Didn't get it/ }));
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    expect(screen.getByText('Review 1/1')).toBeInTheDocument();
    post.release();
    expect(await screen.findByText('Review 2/2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show answer' })).toBeInTheDocument();
  });

  it('falls back to waiting for each answer when the server does not look ahead (no `after` echo)', async () => {
    const first = vocabCard({ attempts: 2 });
    const second = cat({ attempts: 2 });
    const post = heldGrade(() => ({ body: gradeResponse(first, second, { review_count: 1 }) }));
    const { user, net } = setup({
      next: nextCard({ flashcard: first, review_count: 2, learned_count: 9 }),
      grade: post.route,
      // An older server ignores `after` and answers with the card on screen.
      extra: { 'GET /api/flashcard': followingRoute({ [first.flashcard_id]: { flashcard: first, review_count: 2 } }, false) },
    });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await lookedAhead(net, first.flashcard_id);
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, hard/ }));
    expect(shownCard()).toBe(first.flashcard_id);
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    post.release();
    expect(await screen.findByText('Review 2/2')).toBeInTheDocument();
    // Not asked again for the rest of the session.
    expect(net.requests('GET', '/api/flashcard').filter((r) => r.url.searchParams.has('after'))).toHaveLength(1);
  });
});

describe("'I already know it' (grade 10)", () => {
  it('is offered to subscribers on new cards, before the flip', async () => {
    const card = vocabCard();
    const { user, net } = setup({
      subscribed: true,
      next: nextCard({ flashcard: card, new_available: 20, learned_count: 5 }),
      grade: { body: gradeResponse(card, vocabCard(), { review_count: 0 }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Learn 10 new cards' }));
    await user.click(screen.getByRole('button', { name: 'I already know it' }));
    await screen.findByText('New Card 2/10');
    expect(net.requests('POST', '/api/flashcard')[0].body).toEqual({ id: card.flashcard_id, grade: 10, fetch_new: true });
  });

  it('is not offered without a subscription', async () => {
    const { user } = setup({ subscribed: false, next: nextCard({ flashcard: vocabCard(), new_available: 20, learned_count: 5 }) });
    await user.click(await screen.findByRole('button', { name: 'Learn 10 new cards' }));
    expect(screen.queryByRole('button', { name: 'I already know it' })).not.toBeInTheDocument();
  });

  it('is not offered on review cards', async () => {
    const { user } = setup({ subscribed: true, next: nextCard({ flashcard: vocabCard({ attempts: 2 }), review_count: 3, learned_count: 5 }) });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    expect(screen.queryByRole('button', { name: 'I already know it' })).not.toBeInTheDocument();
  });
});

describe('keyboard shortcuts (SPEC §9)', () => {
  async function started(settings: Partial<Settings> = {}, subscribed = false, card: FlashcardFixture = vocabCard({ attempts: 2 })) {
    const view = setup({
      settings,
      subscribed,
      next: nextCard({ flashcard: card, review_count: card.attempts === 0 ? 0 : 2, learned_count: 5, new_available: 5 }),
      grade: { body: gradeResponse(card, vocabCard({ attempts: 2 }), { review_count: 1 }) },
    });
    await screen.findByRole('button', { name: card.attempts === 0 ? /Learn/ : 'Review' });
    return view;
  }

  it('Space starts the session and flips; 1/2/3 grade', async () => {
    const { user, net } = await started();
    blur();
    await user.keyboard(' ');
    expect(screen.getByText('Review 1/2')).toBeInTheDocument();
    blur();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: /Got it, easy/ })).toBeInTheDocument();
    await user.keyboard('2');
    await screen.findByText('Review 2/2');
    expect(net.requests('POST', '/api/flashcard')[0].body).toMatchObject({ grade: 3 });
  });

  it('Space on the focused Show answer button flips once', async () => {
    const { user } = await started();
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByRole('button', { name: 'Show answer' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: /Didn't get it/ })).toBeInTheDocument();
  });

  it('ignores keys with ctrl/meta/alt and while typing in a field', async () => {
    const { user, net } = await started();
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.keyboard('{Control>}3{/Control}{Meta>}3{/Meta}{Alt>}3{/Alt}');

    const field = document.createElement('input');
    document.body.appendChild(field);
    field.focus();
    await user.keyboard('3');
    field.remove();
    expect(net.requests('POST', '/api/flashcard')).toHaveLength(0);
    expect(screen.getByText('Review 1/2')).toBeInTheDocument();
  });

  it("Esc is 'I already know it' for subscribers on a new card", async () => {
    const card = vocabCard();
    const { user, net } = await started({}, true, card);
    await user.click(screen.getByRole('button', { name: /Learn/ }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(net.requests('POST', '/api/flashcard')).toHaveLength(1));
    expect(net.requests('POST', '/api/flashcard')[0].body).toMatchObject({ grade: 10 });
  });

  it('Ctrl+Space on the focused Show answer button does not flip (issue 31: only the documented keys)', async () => {
    const { user } = await started();
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByRole('button', { name: 'Show answer' })).toHaveFocus();
    await user.keyboard('{Control>} {/Control}');
    expect(screen.getByRole('button', { name: 'Show answer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Didn't get it/ })).not.toBeInTheDocument();
  });

  it('Esc without a subscription says why nothing happened and offers Subscribe (issue 31)', async () => {
    const card = vocabCard();
    const { user, net } = await started({}, false, card);
    await user.click(screen.getByRole('button', { name: /Learn/ }));
    await user.keyboard('{Escape}');
    expect(await screen.findByText(/Skipping a card you already know \(Esc\) comes with a subscription/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(net.requests('POST', '/api/flashcard')).toHaveLength(0);
    expect(screen.getByText('Keyboard shortcuts:', { exact: false }).closest('p')).toHaveTextContent('Esc I already know it (subscribers)');
  });

  it('does nothing when shortcuts are off, and shows the hint only when on', async () => {
    const { user, net } = await started({ keyboard_shortcuts: false });
    expect(screen.queryByText('Keyboard shortcuts:', { exact: false })).not.toBeInTheDocument();
    blur();
    await user.keyboard(' 3');
    expect(screen.queryByText('Review 1/2')).not.toBeInTheDocument();
    expect(net.requests('POST', '/api/flashcard')).toHaveLength(0);
  });

  it('shows a visible shortcut hint', async () => {
    await started();
    const hint = screen.getByText('Keyboard shortcuts:', { exact: false }).closest('p')!;
    expect(hint).toHaveTextContent('Space flip / next');
    expect(hint).toHaveTextContent('1 2 3 grade');
    expect(hint).toHaveTextContent('Esc I already know it');
  });
});

describe('card rendering (SPEC §5)', () => {
  async function show(card: FlashcardFixture, settings: Partial<Settings> = {}, course: Course = 'vocab1') {
    const view = setup({ course, settings, next: nextCard({ flashcard: card, review_count: 1, learned_count: 5 }) });
    await view.user.click(await screen.findByRole('button', { name: 'Review' }));
    return view;
  }

  it("shows 'Invalid card' when the sentence, meaning or kana is missing", async () => {
    await show(vocabCard({ attempts: 1 }, { sentence: null, furigana: null }));
    expect(screen.getByText('Invalid card')).toBeInTheDocument();
  });

  it('ends the sentence with 。, highlights the target and hides its reading until the flip', async () => {
    const { user, container } = await show(vocabCard({ attempts: 1 }));
    const sentence = container.querySelector('.card-sentence-text')!;
    expect(sentence.textContent?.endsWith('。')).toBe(true);
    const mark = sentence.querySelector('mark.target')!;
    expect(mark).toHaveTextContent('日本語');
    expect(mark.querySelector('rt')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    expect(container.querySelector('.card-sentence-text mark rt')).toHaveTextContent('にほんご');
  });

  it("hides furigana when the setting is 'none'", async () => {
    const { container } = await show(vocabCard({ attempts: 1 }), { furigana: 'none' });
    expect(container.querySelector('.card-sentence-text rt')).toBeNull();
  });

  it("hides the context of an Intermediate card behind 'Show context'", async () => {
    const { user } = await show(vocabCard({ attempts: 6, mastery_level: 'intermediate' }));
    expect(screen.queryByText('Introducing yourself in class.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show context' }));
    expect(screen.getByText('Introducing yourself in class.')).toBeInTheDocument();
  });

  it('shows the context of a Learning card right away', async () => {
    await show(vocabCard({ attempts: 1 }));
    expect(screen.getByText('Introducing yourself in class.')).toBeInTheDocument();
  });

  it('vocab audio prompt with hide-text: listening only, audio offered and autoplayed', async () => {
    const { container, user } = await show(vocabCard({ attempts: 1 }), { vocab_prompt: 'audio', vocab_hide_text: true, vocab_audio_autoplay: true });
    expect(container.querySelector('.card-sentence-text')).toBeNull();
    expect(screen.getByText(/Listen to the sentence/)).toBeInTheDocument();
    // The context would give the word away: it waits for the answer side.
    expect(screen.queryByText('Introducing yourself in class.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play audio' })).toBeInTheDocument();
    expect(container.querySelector('audio')).not.toBeVisible();
    await waitFor(() => expect(HTMLMediaElement.prototype.play).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    expect(container.querySelector('.card-sentence-text')).toBeInTheDocument();
    expect(screen.getByText('Introducing yourself in class.')).toBeInTheDocument();
  });

  it('vocab audio-text prompt shows both text and audio', async () => {
    const { container } = await show(vocabCard({ attempts: 1 }), { vocab_prompt: 'audio-text', vocab_hide_text: true });
    expect(container.querySelector('.card-sentence-text')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play audio' })).toBeInTheDocument();
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
  });

  it('vocab text prompt: no audio until the answer side', async () => {
    const { user } = await show(vocabCard({ attempts: 1 }), { vocab_prompt: 'text' });
    expect(screen.queryByRole('button', { name: 'Play audio' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    expect(screen.getByRole('button', { name: 'Play audio' })).toBeInTheDocument();
  });

  it("kanji: the word's own clip is offered beside the sentence's after the flip, never before", async () => {
    const card = kanjiCard();
    card.material = { ...card.material, word_audio_url: '/media/word.ogg', sentence_audio_url: card.material.audio_url };
    const { user, container } = await show(card, {}, 'kanji1');
    expect(screen.queryByRole('button', { name: 'Word' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: 'Word' }));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    expect(container.querySelector('audio[data-audio="word"]')).toHaveAttribute('src', '/media/word.ogg');
    // The sentence is the card's own audio: no second button for it.
    expect(screen.queryByRole('button', { name: 'Sentence' })).not.toBeInTheDocument();
  });

  it('kana: the sentence the Sentence button speaks is on the card, and the example word has its own button when it has a clip', async () => {
    const card = kanaCard(
      {},
      {
        kana: 'あ',
        vocab: 'あさ',
        vocab_hiragana: 'あさ',
        vocab_meaning: 'morning',
        audio_url: '/media/a.ogg',
        sentence: 'あさ、ご飯を食べます。',
        furigana: 'あさ、ご飯[はん]を食[た]べます。',
        sentence_meaning: 'In the morning I eat rice.',
        sentence_audio_url: '/media/sentence.ogg',
        word_audio_url: '/media/asa.ogg',
      },
    );
    const { user, container } = await show(card, {}, 'kana');
    expect(screen.queryByRole('button', { name: 'Sentence' })).not.toBeInTheDocument();
    expect(screen.queryByText('In the morning I eat rice.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    // Every text a button speaks is shown: the sentence with its furigana, and its translation.
    const sentence = container.querySelector('.card-kana-sentence .card-sentence-text') as HTMLElement;
    expect(sentence.textContent).toContain('あさ、ご飯');
    expect(within(sentence).getByText('はん').tagName).toBe('RT');
    // The example word is what the card links the sentence to: highlighted in it.
    expect(sentence.querySelector('mark.target')).toHaveTextContent('あさ');
    expect(screen.getByText('In the morning I eat rice.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sentence' }));
    expect(container.querySelector('audio[data-audio="sentence"]')).toHaveAttribute('src', '/media/sentence.ogg');
    await user.click(screen.getByRole('button', { name: 'Word' }));
    expect(container.querySelector('audio[data-audio="word"]')).toHaveAttribute('src', '/media/asa.ogg');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(2);
  });

  it('kana: no Word button when the example word has no clip of its own, no sentence when there is none', async () => {
    const { user, container } = await show(kanaCard(), {}, 'kana');
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    expect(screen.getByRole('button', { name: 'Play audio' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Word' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sentence' })).not.toBeInTheDocument();
    expect(container.querySelector('audio[data-audio="word"]')).toBeNull();
    expect(container.querySelector('.card-kana-sentence')).toBeNull();
  });

  it('kanji: no audio on the question side; autoplay on the flip when enabled; a plays it', async () => {
    const { user } = await show(kanjiCard(), { audio_autoplay: true }, 'kanji1');
    expect(screen.queryByRole('button', { name: 'Play audio' })).not.toBeInTheDocument();
    blur();
    await user.keyboard('a');
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await waitFor(() => expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1));
    expect(screen.getByText('ニチ')).toBeInTheDocument();
    await user.keyboard('a');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(2);
  });
});

describe('undo and the session summary (issue 15)', () => {
  it('takes the last answer back with u: the card comes back answer side up and is graded again', async () => {
    const a = vocabCard({ attempts: 2, version: 2 });
    const b = vocabCard({ attempts: 3, version: 3 });
    let grades = 0;
    const { user, net } = setup({
      next: nextCard({ flashcard: a, review_count: 2, learned_count: 9 }),
      grade: () => (grades++ === 0 ? { body: gradeResponse({ ...a, version: 3 }, b, { review_count: 1 }) } : { body: gradeResponse({ ...a, version: 5 }, b, { review_count: 1 }) }),
      extra: {
        'POST /api/flashcard/undo': { body: { flashcard: { ...a, version: 4 }, undone: { grade: 0, lesson: false }, review_count: 2, user_next_review_in_minutes: 0 } },
        'GET /api/auth/csrf': { body: { token: 'test-csrf-token' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Didn't get it/ }));
    expect(await screen.findByText('Review 2/2')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Undo last answer' });
    blur();
    await user.keyboard('u');
    // Back on card a, answer side (the learner has seen it), at its position in the session.
    await waitFor(() => expect(document.querySelector('[data-card-id]')).toHaveAttribute('data-card-id', a.flashcard_id));
    expect(screen.getByText('Review 1/2')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'How well did you know it?' })).toBeInTheDocument();
    const [undo] = net.requests('POST', '/api/flashcard/undo');
    expect(undo.body).toEqual({ id: a.flashcard_id, version: 3, fetch_new: false });
    expect(undo.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing more to undo until the next answer; the new answer carries the version the undo gave.
    expect(screen.queryByRole('button', { name: 'Undo last answer' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Got it, easy/ }));
    await screen.findByText('Review 2/2');
    expect(net.requests('POST', '/api/flashcard').map((r) => (r.body as { version?: number }).version)).toEqual([2, 4]);
  });

  it('shows why an answer cannot be taken back', async () => {
    const a = vocabCard({ attempts: 2, version: 2 });
    const b = vocabCard({ attempts: 3, version: 3 });
    const { user } = setup({
      next: nextCard({ flashcard: a, review_count: 2, learned_count: 9 }),
      grade: { body: gradeResponse({ ...a, version: 3 }, b, { review_count: 1 }) },
      extra: { 'POST /api/flashcard/undo': problem(409, 'Only your last answer can be taken back: you have answered another card since.', 'conflict') },
    });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, easy/ }));
    await user.click(await screen.findByRole('button', { name: 'Undo last answer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('you have answered another card since');
    expect(screen.queryByRole('button', { name: 'Undo last answer' })).not.toBeInTheDocument();
  });

  it('ends with a summary: cards, correct share, the cards missed, then learn more or go home', async () => {
    const a = vocabCard({ attempts: 1 }, { vocab: '猫', vocab_hiragana: 'ねこ', vocab_meaning: 'cat' });
    const b = vocabCard({ attempts: 1 }, { vocab: '犬', vocab_hiragana: 'いぬ', vocab_meaning: 'dog' });
    let grades = 0;
    let done = false;
    const { user } = setup({
      next: nextCard({ flashcard: a, review_count: 2, learned_count: 10 }),
      grade: () => {
        grades++;
        if (grades === 1) return { body: gradeResponse(a, b, { review_count: 1 }) };
        done = true;
        return { body: gradeResponse(b, null, { review_count: 0 }) };
      },
      extra: {
        // After the session the overview offers new cards.
        'GET /api/flashcard?course=vocab1': () => ({ body: done ? nextCard({ flashcard: vocabCard(), new_available: 25, learned_count: 10, user_next_review_in_minutes: 240 }) : nextCard({ flashcard: a, review_count: 2, learned_count: 10 }) }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Didn't get it/ }));
    await screen.findByText('Review 2/2');
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, easy/ }));
    expect(await screen.findByText('Session complete. Well done!')).toBeInTheDocument();
    const figures = document.querySelector('.summary-figures')!;
    expect(within(figures as HTMLElement).getByText('Cards').nextSibling).toHaveTextContent('2');
    expect(within(figures as HTMLElement).getByText('Correct').nextSibling).toHaveTextContent('50%');
    const missed = screen.getByRole('heading', { name: 'To look at again (1)' }).parentElement!;
    await user.click(within(missed).getByText('猫'));
    expect(within(missed).getByText(/cat/)).toBeVisible();
    expect(await screen.findByText('Next reviews in 4 hours.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Learn 10 more' }));
    expect(await screen.findByText('New Card 1/10')).toBeInTheDocument();
  });
});
