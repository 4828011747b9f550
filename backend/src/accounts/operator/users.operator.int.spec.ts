import { Pool } from 'pg';
import { startTestApp, TestApp } from '../../../test/http-app';
import { createPool } from '../../platform/database/database';
import { signUpTestUser } from '../testing/test-session';
import { grantAdmin, revokeAdmin, setSubscription } from './users.operator';

describe('operator commands', () => {
  let app: TestApp;
  let pool: Pool;
  beforeAll(async () => {
    app = await startTestApp();
    pool = createPool(process.env.DATABASE_URL!, 4);
  });
  afterAll(async () => {
    await app.close();
    await pool.end();
  });

  it('grants and revokes admin and sets the subscription, recorded with actor operator', async () => {
    const user = await signUpTestUser(app.inject);
    expect(await grantAdmin(pool, user.email.toUpperCase())).toEqual({ userId: user.id, changed: true });
    expect(await grantAdmin(pool, user.email)).toEqual({ userId: user.id, changed: false });
    expect((await user.session.get('/api/users/profile')).json().is_admin).toBe(true);
    expect(await revokeAdmin(pool, user.email)).toEqual({ userId: user.id, changed: true });
    expect(await setSubscription(pool, user.email, 'active')).toEqual({ userId: user.id, changed: true });
    expect((await user.session.get('/api/users/profile')).json()).toMatchObject({ is_admin: false, subscription_status: 'active' });
    await setSubscription(pool, user.email, 'inactive');
    expect((await user.session.get('/api/users/profile')).json().subscription_status).toBe('inactive');

    const { rows } = await pool.query(
      `select event_type, data, metadata->>'actor' as actor, actor_id from events where stream_id = $1 and event_type <> 'UserRegistered' order by stream_version`,
      [`user-${user.id}`],
    );
    expect(rows).toEqual([
      { event_type: 'AdminRoleGranted', data: { userId: user.id }, actor: 'operator', actor_id: null },
      { event_type: 'AdminRoleRevoked', data: { userId: user.id }, actor: 'operator', actor_id: null },
      { event_type: 'SubscriptionActivated', data: { userId: user.id, source: 'operator' }, actor: 'operator', actor_id: null },
      { event_type: 'SubscriptionChanged', data: { userId: user.id, from: 'active', status: 'inactive', source: 'operator' }, actor: 'operator', actor_id: null },
    ]);
  });

  it('says clearly when no account has the email', async () => {
    await expect(grantAdmin(pool, 'nobody-at-all@example.test')).rejects.toThrow('No account has the email nobody-at-all@example.test.');
  });
});
