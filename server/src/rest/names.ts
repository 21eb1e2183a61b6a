/**
 * Table and column names. The wire speaks snake_case, but some clients send camelCase keys
 * (docs/protocol.md, Common to every call): they are converted with the SDK's rule (`avatarURL` -> `avatar_url`) and
 * then must be plain identifiers, the only names that ever reach SQL (quoted).
 */
import { camelToSnake as convert } from '@scout/protocol/case';
import { IDENTIFIER_PATTERN } from '../store/store.ts';
import { QueryError } from './query-error.ts';

export function camelToSnake(name: string): string {
  // Already snake_case (most names): nothing to convert.
  return IDENTIFIER_PATTERN.test(name) ? name : convert(name);
}

export const isIdentifier = (name: string) => IDENTIFIER_PATTERN.test(name);

/** A name shortened for an error message: it echoes client input. */
export function shown(name: string): string {
  return name.length > 64 ? `${name.slice(0, 64)}...` : name;
}

/** A column as a query names it (camelCase allowed); a 400 when it is no plain identifier. */
export function columnName(raw: string): string {
  const name = camelToSnake(raw.trim());
  if (!isIdentifier(name)) throw new QueryError(`Invalid column name "${shown(raw)}"`);
  return name;
}
