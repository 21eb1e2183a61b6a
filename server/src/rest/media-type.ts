/**
 * What a Data API answer is written as, from the `Accept` header: a JSON array (the default),
 * one JSON object (`application/vnd.pgrst.object+json`, postgrest-js's `.single()`) or CSV
 * (`text/csv`, `.csv()`). Anything else asked for alone is 406, as PostgREST answers.
 */
import { ApiError } from '../errors.ts';

export type AnswerFormat = 'array' | 'object' | 'csv';

const FORMATS: Record<string, AnswerFormat> = {
  '*/*': 'array',
  'application/*': 'array',
  'application/json': 'array',
  'application/vnd.pgrst.array+json': 'array',
  'application/vnd.pgrst.object+json': 'object',
  'application/vnd.pgrst.object': 'object',
  'text/csv': 'csv',
  'text/*': 'csv',
};

/** The first acceptable format by the client's q-values; the array when nothing is asked. */
export function answerFormat(accept: string | undefined): AnswerFormat {
  if (!accept || accept.trim() === '') return 'array';
  const offered = accept
    .split(',')
    .map((part, index) => {
      const [type = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { type, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((o) => o.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const o of offered) {
    const format = FORMATS[o.type];
    if (format) return format;
  }
  throw new ApiError(
    'NOT_ACCEPTABLE',
    `None of these media types are available: ${accept.slice(0, 200)}`,
  );
}

/** PostgREST's answer when one object was asked for and the result is not exactly one row. */
export function notOneRow(count: number): ApiError {
  return new ApiError('PGRST116', 'JSON object requested, multiple (or no) rows returned', {
    details: `The result contains ${count} rows`,
    hint: null,
  });
}

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: a header line of the column names, then one line per row. */
export function toCsv(
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): string {
  const lines = [columns.map(csvField).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(row[c])).join(','));
  return lines.join('\n');
}
