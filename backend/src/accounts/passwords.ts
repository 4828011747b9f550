import { hash, verify } from '@node-rs/argon2';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../platform/errors/app-error';

export const PASSWORD_MIN_LENGTH = 8;
// argon2 cost grows with input length; a cap keeps a huge "password" from being a cheap DoS.
export const PASSWORD_MAX_LENGTH = 256;

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane). @node-rs/argon2 defaults to argon2id.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const COMMON_PASSWORDS_FILE = join(__dirname, '..', '..', 'content', 'common-passwords.txt');

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  if (!common) {
    const lines = readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n');
    common = new Set(lines.map((l) => l.trim().toLowerCase()).filter((l) => l && !l.startsWith('#')));
  }
  return common;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Same work as a real check, so an unknown email is not faster to answer than a wrong password.
    await verify(await dummyHash(), password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hash('kioku-dummy-password-for-timing', ARGON2_OPTIONS);
  return dummy;
}

/** The reason a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, context: { email?: string | null; name?: string | null } = {}): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return 'This password is too common and easy to guess. Choose another one.';
  if (/^(.)\1*$/u.test(password)) return 'This password is too easy to guess. Choose another one.';
  const email = context.email?.trim().toLowerCase();
  if (email && (lower === email || lower === email.split('@')[0])) return 'Do not use your email address as your password.';
  const name = context.name?.trim().toLowerCase();
  if (name && lower.replace(/\s+/g, '') === name.replace(/\s+/g, '')) return 'Do not use your name as your password.';
  return null;
}

export function assertAcceptablePassword(password: string, field: string, context: { email?: string | null; name?: string | null } = {}): void {
  const problem = passwordProblem(password, context);
  if (problem) throw new AppError('validation_failed', `The ${field.replace(/_/g, ' ')} is not accepted. ${problem}`, { fields: [{ field, message: problem }] });
}
