import { renderProgress } from './progress-bar';

describe('renderProgress', () => {
  it('shows the share done, counts, rate and time left', () => {
    expect(renderProgress({ applied: 500_000, total: 1_000_000, eventsPerSecond: 150_000, etaSeconds: 3.2 }, 10)).toBe(
      '[#####-----]  50% 500,000/1,000,000 events · 150,000 ev/s · ETA 4s',
    );
  });
  it('shows minutes for long rebuilds and caps at 100%', () => {
    expect(renderProgress({ applied: 10, total: 10, eventsPerSecond: 1, etaSeconds: 125 }, 4)).toBe('[####] 100% 10/10 events · 1 ev/s · ETA 2m05s');
  });
});
