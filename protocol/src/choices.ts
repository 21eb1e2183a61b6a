/**
 * A closed set of values written once, as a table from each value to the words that show it:
 * the list of values is read off the table, in its order, so the two can never drift apart.
 * Values must not read as whole numbers ('2', '10'): objects list those first, in numeric order.
 */
export function keysOf<const K extends string>(table: Readonly<Record<K, unknown>>): readonly K[] {
  return Object.keys(table) as K[];
}
