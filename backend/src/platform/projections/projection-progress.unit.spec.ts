import { nextAdvance, projectionAdvanced } from './projection-progress';

describe('projection progress in this process', () => {
  afterEach(() => jest.useRealTimers());

  it("wakes a wait when the projection's checkpoint moves, not another's", async () => {
    jest.useFakeTimers();
    let woke = false;
    const wait = nextAdvance('levels', 60_000).then(() => (woke = true));
    projectionAdvanced('activity');
    await Promise.resolve();
    expect(woke).toBe(false);
    projectionAdvanced('levels');
    await wait;
    expect(woke).toBe(true);
  });

  it('gives up waiting after its time', async () => {
    jest.useFakeTimers();
    let woke = false;
    const wait = nextAdvance('levels', 50).then(() => (woke = true));
    jest.advanceTimersByTime(49);
    await Promise.resolve();
    expect(woke).toBe(false);
    jest.advanceTimersByTime(1);
    await wait;
    expect(woke).toBe(true);
  });
});
