import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { eventually } from '../../test/support/eventually';
import { freePort } from '../../test/support/free-port';
import { AppError } from '../platform/errors/app-error';
import { QUEUE_UNAVAILABLE } from './media-jobs';
import { openMediaQueue } from './testing/standalone-queue';

/** True when something accepts connections on the loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const answer = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
  });
}

// The "fails fast" bounds below are generous on purpose: enqueue gives up after its 2 s timeout (MediaJobsOptions),
// and a machine under load must not fail the test; what matters is that it answers 503 instead of waiting for Redis.
const FAILS_FAST_MS = 10_000;

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - start };
}

const request = () => ({ requestEventId: randomUUID(), materialType: 'vocab', materialId: 1, actions: ['fetch_audio'], actorId: null });

describe('media jobs when Redis cannot be reached', () => {
  it('enqueue fails within ~2 s with the 503 AppError when Redis is not listening', async () => {
    const media = openMediaQueue('redis://127.0.0.1:1', `kioku-test-down-${randomUUID().slice(0, 8)}`);
    try {
      const jobs = media.jobs;
      const { value: error, ms } = await timed(() => jobs.enqueue(request()).catch((e) => e));
      expect(ms).toBeLessThan(FAILS_FAST_MS);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'unavailable', status: 503, message: QUEUE_UNAVAILABLE });
      expect(error.message).toBe('Media actions are unavailable right now because the job queue (Redis) cannot be reached. Try again in a minute.');
      const check = await timed(() => jobs.assertAvailable().catch((e) => e));
      expect(check.ms).toBeLessThan(FAILS_FAST_MS);
      expect(check.value).toMatchObject({ code: 'unavailable', status: 503 });
    } finally {
      await media.close();
    }
  });

  describe('a Redis that stops and comes back (a redis-server of this test)', () => {
    let port: number;
    let server: ChildProcess | undefined;
    const prefix = `kioku-test-restart-${randomUUID().slice(0, 8)}`;

    async function startRedis(): Promise<void> {
      server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await eventually(`redis-server listening on ${port}`, () => listening(port), 10_000);
    }
    async function stopRedis(): Promise<void> {
      const s = server;
      server = undefined;
      if (!s || s.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        s.once('exit', () => resolve());
        s.kill('SIGKILL');
      });
    }

    beforeAll(async () => {
      port = await freePort();
      await startRedis();
    });
    afterAll(stopRedis);

    it('enqueues while up, fails fast while down, enqueues again once it is back', async () => {
      const queue = openMediaQueue(`redis://127.0.0.1:${port}`, prefix);
      const { media, jobs } = queue;
      try {
        await media.queue.waitUntilReady();
        expect(await jobs.enqueue(request())).toHaveLength(1);

        await stopRedis();
        await eventually('the queue to notice Redis is gone', () => !media.ready, 10_000);
        const down = await timed(() => jobs.enqueue(request()).catch((e) => e));
        expect(down.ms).toBeLessThan(FAILS_FAST_MS);
        expect(down.value).toMatchObject({ code: 'unavailable', status: 503 });

        await startRedis();
        await eventually('the queue reconnected', () => media.ready, 10_000);
        expect(await jobs.enqueue(request())).toHaveLength(1);
        // Nothing was added behind the caller's back while Redis was down.
        expect(await media.queue.count()).toBe(1);
      } finally {
        await queue.close();
      }
    });
  });
});
