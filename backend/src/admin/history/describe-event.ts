import { DEFAULT_SETTINGS } from '../../accounts';
import { materialFieldOf } from '../../content';

/** One field of an event as before → after (the History tab). */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

export interface ActorView {
  id: string | null;
  name: string | null;
  kind: 'user' | 'admin' | 'operator' | 'system';
}

export interface StoredEvent {
  eventId: string;
  streamId: string;
  streamVersion: number;
  globalPosition: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  actorId: string | null;
  recordedAt: Date;
}

/** Whatever an event or its metadata might carry that is a secret: never shown, at any depth. */
const SECRET_KEY = /password|token|secret|hash|cookie|authorization/i;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([k]) => !SECRET_KEY.test(k))
      .map(([k, v]) => [k, redact(v, depth + 1)]),
  );
}

/** material-<kind>-<id> → kind */
export function materialKindOf(streamId: string): string | null {
  return /^material-([a-z_]+)-\d+$/.exec(streamId)?.[1] ?? null;
}

/** What the stream looked like before an event, for the events that carry only the new state. */
export interface PriorState {
  settings?: Record<string, unknown>;
  timezone?: string;
}

/**
 * The before → after of an event, where one can be told: material revisions (their recorded changes), settings,
 * time zone, subscription and role changes. Other events have no changes; their data is shown instead.
 */
export function changesOf(event: StoredEvent, prior: PriorState = {}): FieldChange[] {
  const d = event.data;
  switch (event.type) {
    case 'MaterialRevised': {
      const kind = (typeof d.materialType === 'string' ? d.materialType : materialKindOf(event.streamId)) ?? '';
      return Object.entries((d.changes ?? {}) as Record<string, { before?: unknown; after?: unknown }>).map(([field, c]) => ({
        field: materialFieldOf(kind, field),
        before: redact(c.before ?? null),
        after: redact(c.after ?? null),
      }));
    }
    // Retirement is a flag beside the material's fields: shown as one, with the reason in the data.
    case 'MaterialRetired':
      return [{ field: 'retired', before: false, after: true }];
    case 'MaterialRestored':
      return [{ field: 'retired', before: true, after: false }];
    case 'SettingsChanged': {
      const before = { ...DEFAULT_SETTINGS, ...(prior.settings ?? {}) } as Record<string, unknown>;
      const after = (d.settings ?? {}) as Record<string, unknown>;
      const fields = Array.isArray(d.changed) && d.changed.length ? (d.changed as string[]) : Object.keys(after);
      return fields.map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
    }
    case 'TimeZoneSet':
      return [{ field: 'timezone', before: prior.timezone ?? 'UTC', after: d.timezone ?? null }];
    case 'SubscriptionChanged':
      return [{ field: 'subscription_status', before: d.from ?? null, after: d.status ?? null }];
    case 'SubscriptionActivated':
      return [{ field: 'subscription_status', after: 'active' }];
    case 'SubscriptionCanceled':
      return [{ field: 'subscription_status', after: 'canceled' }];
    case 'AdminRoleGranted':
      return [{ field: 'is_admin', before: false, after: true }];
    case 'AdminRoleRevoked':
      return [{ field: 'is_admin', before: true, after: false }];
    default:
      return [];
  }
}

/** The data shown beside the changes: everything but what the changes already say, secrets removed. */
export function dataOf(event: StoredEvent): unknown {
  if (event.type === 'SettingsChanged') return undefined;
  if (event.type === 'MaterialRevised') {
    const { changes: _changes, ...rest } = event.data;
    return redact(rest);
  }
  return redact(event.data);
}

const SYSTEM_ACTORS: Record<string, ActorView> = {
  operator: { id: null, name: 'operator', kind: 'operator' },
  'content-loader': { id: null, name: 'content loader', kind: 'system' },
};

/** Who did it: a person from `users` (admin or learner), the operator (CLI), or the system. */
export function actorOf(event: StoredEvent, people: Map<string, { name: string | null; email: string | null; isAdmin: boolean }>): ActorView {
  const id = event.actorId ?? (typeof event.metadata.actorId === 'string' ? event.metadata.actorId : null);
  if (id) {
    const person = people.get(id);
    if (!person) return { id, name: null, kind: 'user' };
    return { id, name: person.name ?? person.email ?? 'Erased account', kind: person.isAdmin ? 'admin' : 'user' };
  }
  const named = typeof event.metadata.actor === 'string' ? event.metadata.actor : null;
  return (named ? SYSTEM_ACTORS[named] : undefined) ?? { id: null, name: named ?? 'system', kind: 'system' };
}
