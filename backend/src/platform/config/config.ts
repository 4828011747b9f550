import { availableParallelism } from 'node:os';
import { z } from 'zod';

// Every setting has a working default on a developer machine; .env.example documents them all.
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = () => z.preprocess(emptyToUndefined, z.string().optional());

const configSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/kioku'),
  // Connections per process. Statements beyond what the database's cores can run at once only queue inside
  // PostgreSQL, where they cost CPU: on 2 cores a grade cost PostgreSQL ~20% less CPU with 4 connections than with
  // 20 (docs/decisions.md, "CPU per grade: fourth pass"). Default: twice this machine's cores, at least 4, which
  // fits PostgreSQL on the same machine; for a database elsewhere, about twice its cores shared by the processes.
  DATABASE_POOL_SIZE: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(Math.max(4, 2 * availableParallelism()))),
  // The projection runners' LISTEN connection: direct to PostgreSQL when DATABASE_URL goes through PgBouncer in
  // transaction mode (which cannot carry LISTEN). Unset: DATABASE_URL.
  DATABASE_LISTEN_URL: optionalString(),
  // A streaming replica for the reads that may lag a little (dictionary, stats, course mastery), with
  // read-your-writes: a learner reads there only once it has replayed their last write. Unset: no replica.
  DATABASE_REPLICA_URL: optionalString(),
  // A replica further behind than this (or not answering) leaves the read rotation until it catches up.
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().positive().default(5_000),
  // off when DATABASE_URL is PgBouncer in transaction mode older than 1.21 (no prepared statements there).
  DATABASE_PREPARED_STATEMENTS: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  // api = HTTP only; worker = projections + media jobs only; all = everything in one process (npm start).
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  LOG_LEVEL: z.string().default('info'),
  // Log lines: JSON (for a collector), or readable (pino-pretty) when stdout is a terminal; LOG_FORMAT forces one.
  LOG_FORMAT: z.preprocess(emptyToUndefined, z.enum(['json', 'pretty']).optional()),
  // Prometheus metrics on a listener of their own (never the public port); off unless METRICS_PORT is set.
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  METRICS_HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  FRONTEND_DIST: z.string().optional(),
  MEDIA_DIR: z.string().default('media'),
  PROJECTION_LEASE_SECONDS: z.coerce.number().positive().default(15),
  PROJECTION_POLL_MS: z.coerce.number().int().positive().default(1000),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_ID: z.string().optional(),
  STRIPE_API_BASE: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kioku <no-reply@kioku.local>'),
  // Accounts: session lifetime (sliding) and sign-in throttling (failures per window, per account and per IP).
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  SIGN_IN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  SIGN_IN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  // Media jobs (docs/media.md). Empty strings count as unset, so a copied .env.example changes nothing.
  MEDIA_QUEUE_PREFIX: optionalString(),
  MEDIA_WORKER_CONCURRENCY: z.coerce.number().int().positive().default(2),
  MEDIA_LOCK_MS: z.coerce.number().int().positive().default(30_000),
  MEDIA_STALLED_INTERVAL_MS: z.coerce.number().int().positive().default(30_000),
  MEDIA_SHUTDOWN_GRACE_MS: z.coerce.number().int().nonnegative().default(10_000),
  /** the system voice: a clip for every servable card, made in the background by the worker (admin/voice) */
  VOICE_AUTO: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
  /** how often the voice scheduler looks for cards without their clip, in ms */
  VOICE_SCAN_MS: z.coerce.number().int().positive().default(15_000),
  /** at most this many clips asked for per look (the queue stays short, and a fresh edit is asked for soon) */
  VOICE_BATCH: z.coerce.number().int().positive().default(2_000),
  MEDIA_PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  MEDIA_MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(5 * 1024 * 1024),
  MEDIA_STORAGE: z.preprocess(emptyToUndefined, z.enum(['local', 's3']).optional()),
  TTS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['open-jtalk', 'espeak', 'voicevox', 'openai']).optional()),
  BREAKDOWN_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['kuromoji', 'llm']).default('kuromoji')),
  OPEN_JTALK_PATH: z.preprocess(emptyToUndefined, z.string().default('open_jtalk')),
  OPEN_JTALK_DICTIONARY: z.preprocess(emptyToUndefined, z.string().default('/var/lib/mecab/dic/open-jtalk/naist-jdic')),
  OPEN_JTALK_VOICE: z.preprocess(emptyToUndefined, z.string().default('/usr/share/hts-voice/nitech-jp-atr503-m001/nitech_jp_atr503_m001.htsvoice')),
  ESPEAK_NG_PATH: z.preprocess(emptyToUndefined, z.string().default('espeak-ng')),
  ESPEAK_NG_VOICE: z.preprocess(emptyToUndefined, z.string().default('ja')),
  VOICEVOX_URL: optionalString(),
  VOICEVOX_SPEAKER: z.preprocess(emptyToUndefined, z.coerce.number().int().nonnegative().default(2)),
  OPENAI_BASE_URL: optionalString(),
  OPENAI_API_KEY: optionalString(),
  OPENAI_CHAT_MODEL: optionalString(),
  OPENAI_TTS_MODEL: optionalString(),
  OPENAI_TTS_VOICE: z.preprocess(emptyToUndefined, z.string().default('alloy')),
  OPENAI_IMAGE_MODEL: optionalString(),
  OPENAI_IMAGE_SIZE: z.preprocess(emptyToUndefined, z.string().default('1024x1024')),
  S3_ENDPOINT: optionalString(),
  S3_BUCKET: optionalString(),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString(),
  S3_SECRET_ACCESS_KEY: optionalString(),
  S3_PUBLIC_URL: optionalString(),
});

export type AppConfig = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  return parsed.data;
}
