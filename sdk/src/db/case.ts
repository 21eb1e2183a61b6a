/**
 * docs/product.md section 3: the app speaks camelCase, the wire and the tables snake_case. Only the keys of
 * a record are converted; values (JSON columns included) travel untouched.
 */

import { camelToSnake, snakeToCamel } from '@scout/protocol/case';

export { camelToSnake, snakeToCamel };

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
