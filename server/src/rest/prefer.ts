/**
 * The `Prefer` header (PostgREST). Clients send it comma- or space-separated
 * (`return=representation resolution=merge-duplicates`), so it is split on both.
 */
export interface Prefer {
  /** Answer writes with the rows (default) or with no body. */
  returnRows: boolean;
  /** Count every matching row into Content-Range. */
  count: boolean;
  resolution: 'merge' | 'ignore' | null;
}

export function parsePrefer(header: string | string[] | undefined): Prefer {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const prefer: Prefer = { returnRows: true, count: false, resolution: null };
  for (const token of text.toLowerCase().split(/[\s,]+/)) {
    if (token === 'return=minimal' || token === 'return=headers-only') prefer.returnRows = false;
    else if (token === 'return=representation') prefer.returnRows = true;
    // planned and estimated are answered with the exact count: our tables are small.
    else if (/^count=(exact|planned|estimated)$/.test(token)) prefer.count = true;
    else if (token === 'resolution=merge-duplicates') prefer.resolution = 'merge';
    else if (token === 'resolution=ignore-duplicates') prefer.resolution = 'ignore';
  }
  return prefer;
}
