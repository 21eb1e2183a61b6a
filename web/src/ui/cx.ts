/** Joins class names, dropping the falsy ones, so conditional styling stays readable. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
