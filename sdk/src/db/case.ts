/**
 * Spec section 3: the app speaks camelCase, the wire and the tables snake_case. Only the keys of
 * a record are converted; values (JSON columns included) travel untouched.
 */

export function camelToSnake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

export function snakeToCamel(name: string): string {
  return name.replace(/(?<=[a-z0-9])_+([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

function mapKeys(value: unknown, convert: (k: string) => string): Record<string, unknown> {
  if (!isPlainObject(value)) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[convert(k)] = v;
  return out;
}

export const keysToSnake = (record: object): Record<string, unknown> =>
  mapKeys(record, camelToSnake);
export const keysToCamel = (record: unknown): Record<string, unknown> =>
  mapKeys(record, snakeToCamel);
