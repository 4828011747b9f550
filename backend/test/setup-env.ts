// Quiet logs in tests unless asked for; the run's database URL comes from global-setup.
// A request that takes a second connection while holding one fails the test (platform/database/database.ts).
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
process.env.REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// The system voice speaks the whole catalogue in the background: tests that want it start it themselves.
process.env.VOICE_AUTO = process.env.VOICE_AUTO ?? 'off';
// Each Jest process its own media queue: a test app never takes a developer's running app's jobs, nor another
// worker process's (a test that wants the per-deployment default passes MEDIA_QUEUE_PREFIX: '').
process.env.MEDIA_QUEUE_PREFIX = process.env.MEDIA_QUEUE_PREFIX ?? `kioku-test-${process.pid}`;
// A request that asks its pool for a second connection while holding one fails the test (platform/database).
process.env.KIOKU_POOL_NESTING = process.env.KIOKU_POOL_NESTING ?? 'error';
