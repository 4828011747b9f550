import { z } from 'zod';

// Every setting has a working default on a developer machine; .env.example documents them all.
const configSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/kioku'),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(20),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  // api = HTTP only; worker = projections + media jobs only; all = everything in one process (npm start).
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  LOG_LEVEL: z.string().default('info'),
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
