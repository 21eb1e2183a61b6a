/**
 * The one camelCase / snake_case converter. The app speaks camelCase; the wire and the tables
 * speak snake_case; record keys are converted at the boundary (values travel untouched).
 * Acronyms stay one word: `avatarURL` -> `avatar_url`, `userID` -> `user_id`,
 * `HTMLBody` -> `html_body`.
 */

export function camelToSnake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

export function snakeToCamel(name: string): string {
  return name.replace(/(?<=[a-z0-9])_+([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}
