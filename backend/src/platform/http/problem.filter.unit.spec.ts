// Issue 20: an unreachable database is a 503 the client may retry, also when PgBouncer is the one saying so.
import { toProblemError } from './problem.filter';

describe('toProblemError for an unreachable database', () => {
  it.each([
    ['PostgreSQL shutting down', { code: '57P01' }],
    ['a refused connection', { code: 'ECONNREFUSED' }],
    ['PgBouncer: server login failing while PostgreSQL restarts', { code: '08P01', message: 'server login has been failing, try again later (server_login_retry)' }],
  ])('%s is "unavailable" (503)', (_what, error) => {
    expect(toProblemError(Object.assign(new Error('x'), error))?.code).toBe('unavailable');
  });

  it('leaves other database errors alone', () => {
    expect(toProblemError(Object.assign(new Error('syntax'), { code: '42601' }))).toBeNull();
  });
});
