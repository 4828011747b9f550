import { z } from 'zod';
import { AppError } from '../errors/app-error';

/**
 * Every event type has a zod schema and a schema version. Stored events of an older version are upcast,
 * one version step at a time, before the current schema validates them.
 */
export interface EventDefinition<TType extends string = string, TData = unknown> {
  type: TType;
  schemaVersion: number;
  schema: z.ZodType<TData>;
  /** upcasters[n] turns data of version n into data of version n + 1 */
  upcasters: Record<number, (data: any) => any>;
  /** builds a new event of this type, validating its data */
  (data: TData): { type: TType; data: TData };
}

const definitions = new Map<string, EventDefinition<any, any>>();

export function defineEvent<TType extends string, TSchema extends z.ZodType>(
  type: TType,
  schema: TSchema,
  options: { schemaVersion?: number; upcasters?: Record<number, (data: any) => any> } = {},
): EventDefinition<TType, z.infer<TSchema>> {
  const make = ((data: z.infer<TSchema>) => ({ type, data: schema.parse(data) })) as EventDefinition<TType, z.infer<TSchema>>;
  Object.assign(make, { type, schema, schemaVersion: options.schemaVersion ?? 1, upcasters: options.upcasters ?? {} });
  if (definitions.has(type) && definitions.get(type)!.schema !== schema) {
    throw new Error(`Event type ${type} is defined twice`);
  }
  definitions.set(type, make);
  return make;
}

export function eventDefinition(type: string): EventDefinition | undefined {
  return definitions.get(type);
}

export function currentSchemaVersion(type: string): number {
  return definitions.get(type)?.schemaVersion ?? 1;
}

/** Validates the data of an event about to be appended against its registered schema. */
export function validateNewEvent(type: string, data: unknown): unknown {
  const def = definitions.get(type);
  if (!def) throw new Error(`Unknown event type ${type}: define it with defineEvent before appending`);
  const parsed = def.schema.safeParse(data);
  if (!parsed.success) {
    throw new AppError('validation_failed', `Event ${type} has invalid data: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

/** Upcasts stored data to the current schema version. Unknown types pass through untouched. */
export function upcast(type: string, schemaVersion: number, data: unknown): unknown {
  const def = definitions.get(type);
  if (!def) return data;
  let current = data;
  for (let v = schemaVersion; v < def.schemaVersion; v++) {
    const step = def.upcasters[v];
    if (!step) throw new Error(`No upcaster for ${type} from version ${v} to ${v + 1}`);
    current = step(current);
  }
  return current;
}
