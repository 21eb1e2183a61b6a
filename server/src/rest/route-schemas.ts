/**
 * What the Data API routes (routes.ts) declare: the path, the headers they read, the bodies and
 * the answers. The query string is PostgREST's grammar (a filter may repeat a column), parsed by
 * parse-query.ts rather than a schema; docs/protocol.md, Data API, describes it.
 */
import { z } from 'zod';
import { projectParams } from '../http/route-guards.ts';
import { wireRow } from './request-rows.ts';

export const tableParams = projectParams.extend({ table: z.string().max(200) });

/** Read as text by prefer.ts, range-header.ts and media-type.ts, whose words a refusal keeps. */
export const dataApiHeaders = z.object({
  prefer: z
    .string()
    .optional()
    .describe('return=representation|minimal|headers-only, count=exact, resolution=…, missing=…'),
  range: z.string().optional().describe('GET: rows by position, `0-9` or `10-`'),
  'range-unit': z.string().optional().describe('GET: `items`, the only unit'),
  accept: z
    .string()
    .optional()
    .describe('application/json (an array), application/vnd.pgrst.object+json (one row), text/csv'),
});

/** The rows, as an array; one row alone when `Accept` asks for an object. */
const jsonRows = z.union([z.array(wireRow), wireRow]);
/** Sent as text, as it is: Fastify serializes JSON answers only. */
const csvRows = z.string().describe('A header line of the column names, then one line per row');

/** What a read or a write answers, in the format `Accept` asks for. */
export const rowsAnswer = {
  content: {
    'application/json': { schema: jsonRows },
    'text/csv': { schema: csvRows },
  },
};

/** A write answers the rows, or nothing with `Prefer: return=minimal` or `headers-only`. */
export const writeAnswer = {
  content: {
    'application/json': { schema: jsonRows.optional() },
    'text/csv': { schema: csvRows },
  },
};

/** A change or deletion that answers no rows (`Prefer: return=minimal`). */
export const noRows = z.undefined().describe('No body');
