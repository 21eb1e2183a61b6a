/**
 * Table and column names. The wire speaks snake_case, but some clients send camelCase keys
 * (WIRE.md, Common): they are converted with the SDK's rule (`avatarURL` -> `avatar_url`) and
 * then must be plain identifiers, the only names that ever reach SQL (quoted).
 */
import { IDENTIFIER_PATTERN } from '../store/store.ts';

export function camelToSnake(name: string): string {
  // Already snake_case (most names): nothing to convert.
  if (IDENTIFIER_PATTERN.test(name)) return name;
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

export const isIdentifier = (name: string) => IDENTIFIER_PATTERN.test(name);

/** A name shortened for an error message: it echoes client input. */
export function shown(name: string): string {
  return name.length > 64 ? `${name.slice(0, 64)}...` : name;
}
