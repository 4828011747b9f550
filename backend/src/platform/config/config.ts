import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';

// Every setting has a working default on a developer machine; .env.example documents them all.
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = () => z.preprocess(emptyToUndefined, z.string().optional());

/** TRUST_PROXY entries fastify (proxy-addr) understands: an address, a CIDR range (or address/netmask), or a named range. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...more] = entry.split('/');
  const family = isIP(address);
  if (!family || more.length) return false;
  if (bits === undefined || (family === 4 && isIP(bits) === 4)) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}
/** fastify's trustProxy from TRUST_PROXY: false (none), a hop count, the trusted addresses, or true (everyone). */
const trustProxySetting = () =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((value, ctx): boolean | number | string[] => {
        const text = value?.trim().toLowerCase();
        if (text === undefined || text === 'false' || text === 'none') return false;
        if (text === 'true' || text === 'all') return true;
        if (/^\d+$/.test(text)) return Number(text);
        const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
        const wrong = entries.filter((e) => !isProxyEntry(e));
        if (wrong.length) {
          ctx.addIssue({ code: 'custom', message: `not an address, CIDR range, loopback, linklocal or uniquelocal: ${wrong.join(', ')}` });
          return z.NEVER;
        }
        return entries;
      }),
  );

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
  // The pool's safety nets (issue 28). A request waits at most this long for a connection, then answers 503 with
  // Retry-After instead of hanging behind a burst; the app's sessions cancel a statement that runs longer than
  // DATABASE_STATEMENT_TIMEOUT_MS and end a transaction left idle longer than DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS
  // (its locks and connection come back). 0 turns one off. Operator commands (the CLI, migrations) have none: a
  // rebuild's statements may run long. Behind PgBouncer the session settings are not carried (it ignores the
  // startup `options`): set them on the app's role there (docs/operations.md).
  DATABASE_ACQUIRE_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().nonnegative().default(5_000)),
  DATABASE_STATEMENT_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().nonnegative().default(20_000)),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().nonnegative().default(30_000)),
  // SIGTERM: stop taking requests, finish those in flight, hand back the projection leases, then exit; a process
  // that has not finished after this long exits anyway (below Kubernetes' default grace period of 30 s).
  SHUTDOWN_GRACE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(20_000)),
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
  // api = HTTP only; worker = projections + media jobs only; all = everything (npm start); media = the media jobs and
  // the system voice only (npm start's own child on a small machine, see MEDIA_PROCESS); cli = an operator command
  // (set by cli.ts): no background work at all, whatever else is configured.
  ROLE: z.enum(['all', 'api', 'worker', 'media', 'cli']).default('all'),
  // Where ROLE=all runs the media jobs and the system voice: `same` = in the API process; `own` = in a child process
  // of its own at niceness 10, so the kernel always runs a learner's request before a clip's loudness measure or
  // WAV trimming (issue 34, item 2); `auto` = own on a machine with 2 cores or fewer, same otherwise.
  MEDIA_PROCESS: z.preprocess(emptyToUndefined, z.enum(['auto', 'same', 'own']).default('auto')),
  LOG_LEVEL: z.string().default('info'),
  // Log lines: JSON (for a collector), or readable (pino-pretty) when stdout is a terminal; LOG_FORMAT forces one.
  LOG_FORMAT: z.preprocess(emptyToUndefined, z.enum(['json', 'pretty']).optional()),
  // Prometheus metrics on a listener of their own (never the public port); off unless METRICS_PORT is set.
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  METRICS_HOST: z.string().default('127.0.0.1'),
  // Where learners reach the app (links in e-mails, Stripe return URLs, the start banner). Unset or empty: this
  // machine on PORT, so PORT=3201 alone gives links to :3201 (issue 31: they pointed at :3000).
  PUBLIC_URL: optionalString(),
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
  // Issue 28: SIGN_IN_MAX_FAILURES_PER_ACCOUNT counts per (account, address), so a guesser elsewhere cannot lock the
  // owner out; this ceiling counts the account's failures from every address (a distributed guess).
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT_ALL_ADDRESSES: z.coerce.number().int().positive().default(100),
  // Sign-ups per client address per SIGN_IN_WINDOW_MINUTES (each costs an argon2 hash); a school behind one NAT fits.
  SIGN_UP_MAX_PER_IP: z.coerce.number().int().positive().default(100),
  // Whose X-Forwarded-For / X-Forwarded-Proto to believe (issue 28). Empty: nobody's (request.ip is the socket's
  // address); a comma list of addresses / CIDR ranges (or loopback, linklocal, uniquelocal); a hop count; true (or
  // all): every sender, only behind a proxy that overwrites the header. docs/operations.md, "Sign-in, sign-up and proxies".
  TRUST_PROXY: trustProxySetting(),
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

/** PUBLIC_URL defaults from the port the app really listens on. */
const withPublicUrl = <T extends { PORT: number; PUBLIC_URL?: string }>(config: T): T & { PUBLIC_URL: string } => ({
  ...config,
  PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
});

export type AppConfig = ReturnType<typeof withPublicUrl<z.infer<typeof configSchema>>>;

/**
 * Whether this process runs the projection runners and reactors: the roles all and worker only. An operator command
 * never does (issue 28: a rebuild from the CLI ran the voice and Open JTalk as its own children and left 1,934 jobs
 * behind).
 */
export function runsProjections(config: Pick<AppConfig, 'ROLE'>): boolean {
  return config.ROLE === 'all' || config.ROLE === 'worker';
}

/**
 * Whether this process runs the media worker and the system voice: worker and media always, all unless its media
 * work has a process of its own (`MEDIA_PROCESS=own`, which main.ts sets when it starts that process). Never cli.
 */
export function runsMediaWork(config: Pick<AppConfig, 'ROLE' | 'MEDIA_PROCESS'>): boolean {
  return config.ROLE === 'worker' || config.ROLE === 'media' || (config.ROLE === 'all' && config.MEDIA_PROCESS !== 'own');
}

/** Whether `npm start` (ROLE=all) gives its media work a process of its own on a machine with `cores` cores. */
export function mediaNeedsOwnProcess(config: Pick<AppConfig, 'ROLE' | 'MEDIA_PROCESS'>, cores: number): boolean {
  if (config.ROLE !== 'all') return false;
  return config.MEDIA_PROCESS === 'own' || (config.MEDIA_PROCESS === 'auto' && cores <= 2);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  return withPublicUrl(parsed.data);
}
