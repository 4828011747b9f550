import { isQaUnsubscribed, isSubscribed } from './subscription';

describe('?qa_unsubscribed', () => {
  const active = { subscription_status: 'active' } as const;

  it('makes a subscriber act unsubscribed, and is remembered for the tab', () => {
    expect(isSubscribed(active, '')).toBe(true);
    expect(isSubscribed(active, '?qa_unsubscribed')).toBe(false);
    // The next page has no parameter: still unsubscribed.
    expect(isSubscribed(active, '?tab=ka')).toBe(false);
    expect(window.sessionStorage.getItem('kioku.qaUnsubscribed')).toBe('1');
  });

  it('is turned off with =0 or =false', () => {
    expect(isQaUnsubscribed('?qa_unsubscribed=1')).toBe(true);
    expect(isQaUnsubscribed('?qa_unsubscribed=false')).toBe(false);
    expect(isQaUnsubscribed('')).toBe(false);
    expect(isQaUnsubscribed('?qa_unsubscribed')).toBe(true);
    expect(isQaUnsubscribed('?qa_unsubscribed=0')).toBe(false);
    expect(isSubscribed(active, '')).toBe(true);
  });

  it('never makes an inactive subscription active', () => {
    expect(isSubscribed({ subscription_status: 'inactive' as const }, '?qa_unsubscribed=0')).toBe(false);
  });

  it('still works on its own page when storage is unavailable', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(isSubscribed(active, '?qa_unsubscribed')).toBe(false);
    expect(isSubscribed(active, '')).toBe(true);
    setItem.mockRestore();
  });
});
