import { loadConfig } from './config';

// Issue 28: which senders' X-Forwarded-For / -Proto fastify believes (its trustProxy option).
describe('loadConfig: TRUST_PROXY', () => {
  it('trusts nobody when unset or empty (a copied .env.example), or when told false / none', () => {
    for (const value of [undefined, '', '  ', 'false', 'none']) expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toBe(false);
  });

  it('takes a comma list of addresses, CIDR ranges and proxy-addr names', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1/8, ::1' }).TRUST_PROXY).toEqual(['127.0.0.1/8', '::1']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']);
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).TRUST_PROXY).toEqual(['loopback', 'uniquelocal']);
    expect(loadConfig({ TRUST_PROXY: '10.1.0.0/255.255.0.0' }).TRUST_PROXY).toEqual(['10.1.0.0/255.255.0.0']);
  });

  it('takes a hop count, and true / all only when said', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'ALL' }).TRUST_PROXY).toBe(true);
  });

  it('refuses what is not an address or range, naming the setting and the entry', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'my-proxy.internal' })).toThrow(/TRUST_PROXY: .*my-proxy\.internal/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1, yes' })).toThrow(/TRUST_PROXY: .*yes/);
  });
});

describe('loadConfig: the issue 28 sign-in and sign-up limits', () => {
  it('defaults the all-addresses ceiling to 100 failures and sign-ups to 100 per address', () => {
    const config = loadConfig({});
    expect(config.SIGN_IN_MAX_FAILURES_PER_ACCOUNT_ALL_ADDRESSES).toBe(100);
    expect(config.SIGN_UP_MAX_PER_IP).toBe(100);
  });
});
