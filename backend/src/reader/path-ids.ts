import { AppError } from '../platform/errors/app-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `:id` path parameter of a text or a queue: a uuid, lower-cased; anything else is a 400 naming `id`. */
export function pathUuid(value: string, what: string): string {
  if (!UUID.test(value)) {
    const message = `Expected the id of one of your ${what === 'text' ? 'texts' : 'queues'}, got "${value.slice(0, 40)}".`;
    throw new AppError('validation_failed', `The ${what} id is not valid. id: ${message}`, { fields: [{ field: 'id', message }] });
  }
  return value.toLowerCase();
}
