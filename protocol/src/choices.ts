/**
 * A closed set of values written once, as a table from each value to the words that show it:
 * the list of values is read off the table, in its order, so the two can never drift apart.
 */
export function keysOf<const K extends string>(table: Readonly<Record<K, unknown>>): readonly K[] {
  return Object.keys(table) as K[];
}
