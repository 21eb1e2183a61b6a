/**
 * The `Prefer` header (PostgREST). Clients send it comma- or space-separated
 * (`return=representation resolution=merge-duplicates`), so it is split on both. Preferences this
 * server does not know are ignored, as PostgREST does without `handling=strict`.
 */
export type ReturnMode = 'representation' | 'minimal' | 'headers-only';
export type CountMode = 'exact' | 'planned' | 'estimated';

export interface Prefer {
  /** What a write answers: the rows (default), nothing, or nothing but a Location header. */
  returnMode: ReturnMode;
  /** Answer writes with the rows. */
  returnRows: boolean;
  /** Count matching rows into Content-Range, and how. */
  count: CountMode | null;
  resolution: 'merge' | 'ignore' | null;
  /** On insert, a key named in `columns` but absent from a row: NULL (default) or the column's default. */
  missing: 'null' | 'default';
}

export function parsePrefer(header: string | string[] | undefined): Prefer {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const prefer: Prefer = {
    returnMode: 'representation',
    returnRows: true,
    count: null,
    resolution: null,
    missing: 'null',
  };
  for (const token of text.toLowerCase().split(/[\s,]+/)) {
    const ret = /^return=(representation|minimal|headers-only)$/.exec(token);
    if (ret) prefer.returnMode = ret[1] as ReturnMode;
    const count = /^count=(exact|planned|estimated)$/.exec(token);
    if (count) prefer.count = count[1] as CountMode;
    if (token === 'resolution=merge-duplicates') prefer.resolution = 'merge';
    else if (token === 'resolution=ignore-duplicates') prefer.resolution = 'ignore';
    else if (token === 'missing=default') prefer.missing = 'default';
    else if (token === 'missing=null') prefer.missing = 'null';
  }
  prefer.returnRows = prefer.returnMode === 'representation';
  return prefer;
}
