/**
 * One table over `/api/db/{projectId}/rest/v1/{table}`. Each call is one request that reads like
 * the URL it builds (ARCHITECTURE pattern 6).
 */
import { UI_MESSAGES } from '@scout/protocol/errors';
import { ScoutError, validationError } from '../errors.ts';
import type { HttpClient } from '../http.ts';
import { keysToCamel, keysToSnake } from './case.ts';
import {
  columnName,
  countFromContentRange,
  filterParams,
  orderParam,
  selectParam,
  type OrderBy,
  type Row,
  type Where,
} from './query.ts';

export type RecordId = string | number;

export interface ListOptions<T extends object = Row> {
  where?: Where<T>;
  orderBy?: OrderBy<T>;
  limit?: number;
  offset?: number;
  /** camelCase field names, or `*`. */
  select?: string | readonly string[];
  /** The `nextCursor` of a previous page. */
  cursor?: string;
}

export interface Page<T> {
  rows: T[];
  /** Null on the last page. */
  nextCursor: string | null;
}

export interface UpsertOptions<T extends object = Row> {
  /** Fields that identify a row (default `id`). */
  onConflict?: (keyof T & string) | readonly (keyof T & string)[];
  /** Keep the existing row instead of merging into it. */
  ignoreDuplicates?: boolean;
}

/** The server sends the next page's cursor in this header (exposed through CORS). */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

const RETURN_ROWS = 'return=representation';

export class TableClient<T extends object = Row> {
  readonly table: string;
  private readonly path: string;

  constructor(
    private readonly http: HttpClient,
    projectId: string,
    name: string,
  ) {
    this.table = columnName(name);
    this.path = `/api/db/${encodeURIComponent(projectId)}/rest/v1/${this.table}`;
  }

  async get(id: RecordId): Promise<T | null> {
    const rows = await this.list({ where: idWhere<T>(id), limit: 1 });
    return rows[0] ?? null;
  }

  async list(options: ListOptions<T> = {}): Promise<T[]> {
    return (await this.listPage(options)).rows;
  }

  async listPage(options: ListOptions<T> = {}): Promise<Page<T>> {
    const res = await this.http.get<unknown>(this.path, { query: listQuery(options) });
    return { rows: this.rows(res.data), nextCursor: res.headers.get(NEXT_CURSOR_HEADER) || null };
  }

  async create(data: Partial<T>): Promise<T> {
    const [row] = await this.createMany([data]);
    if (!row) throw unexpectedAnswer(this.table);
    return row;
  }

  async createMany(records: readonly Partial<T>[]): Promise<T[]> {
    if (records.length === 0) return [];
    const body = records.length === 1 ? keysToSnake(records[0]!) : records.map(keysToSnake);
    const res = await this.http.post<unknown>(this.path, body, {
      headers: { Prefer: RETURN_ROWS },
    });
    return this.rows(res.data);
  }

  async upsert(data: Partial<T>, options: UpsertOptions<T> = {}): Promise<T> {
    const [row] = await this.upsertMany([data], options);
    if (!row) throw unexpectedAnswer(this.table);
    return row;
  }

  async upsertMany(records: readonly Partial<T>[], options: UpsertOptions<T> = {}): Promise<T[]> {
    if (records.length === 0) return [];
    const conflict = options.onConflict ?? 'id';
    const columns = (typeof conflict === 'string' ? [conflict] : conflict).map(columnName);
    const resolution = options.ignoreDuplicates ? 'ignore-duplicates' : 'merge-duplicates';
    const body = records.length === 1 ? keysToSnake(records[0]!) : records.map(keysToSnake);
    const res = await this.http.post<unknown>(this.path, body, {
      query: [['on_conflict', columns.join(',')]],
      headers: { Prefer: `${RETURN_ROWS},resolution=${resolution}` },
      // Writing the same rows twice leaves the same rows, so a lost answer may be retried.
      idempotent: true,
    });
    return this.rows(res.data);
  }

  /** The updated row; a missing one is an error (docs/product.md section 8). */
  async update(id: RecordId, data: Partial<T>): Promise<T> {
    const res = await this.http.patch<unknown>(this.path, keysToSnake(data), {
      query: filterParams<T>(idWhere<T>(id)),
      headers: { Prefer: RETURN_ROWS },
      idempotent: true,
    });
    const [row] = this.rows(res.data);
    if (!row) {
      throw new ScoutError({
        kind: 'data',
        code: 'NOT_FOUND',
        message: UI_MESSAGES.recordNotFound(String(id)),
        retryable: false,
      });
    }
    return row;
  }

  /** Each entry names its row by `id`; rows are updated one after another. */
  async updateMany(updates: ReadonlyArray<{ id: RecordId } & Partial<T>>): Promise<T[]> {
    const out: T[] = [];
    for (const { id, ...data } of updates) out.push(await this.update(id, data as Partial<T>));
    return out;
  }

  async delete(id: RecordId): Promise<void> {
    await this.http.delete(this.path, { query: filterParams<T>(idWhere<T>(id)) });
  }

  async deleteMany(options: { where: Where<T> }): Promise<void> {
    const query = filterParams<T>(options.where);
    // A delete without a filter would empty the table; the server refuses it too.
    if (query.length === 0) throw validationError('deleteMany needs a where filter');
    await this.http.delete(this.path, { query });
  }

  async count(options: { where?: Where<T> } = {}): Promise<number> {
    const res = await this.http.get<unknown>(this.path, {
      query: [...filterParams<T>(options.where), ['limit', '1']],
      headers: { Prefer: 'count=exact' },
    });
    const total = countFromContentRange(res.headers.get('Content-Range'));
    if (total === undefined) {
      throw new ScoutError({
        kind: 'data',
        code: 'INTERNAL_ERROR',
        message: 'The server sent no count',
        retryable: false,
      });
    }
    return total;
  }

  async exists(options: { where?: Where<T> } = {}): Promise<boolean> {
    const rows = await this.list({ where: options.where, limit: 1 });
    return rows.length > 0;
  }

  private rows(data: unknown): T[] {
    if (data === null || data === undefined) return [];
    if (!Array.isArray(data)) throw unexpectedAnswer(this.table);
    return data.map((row) => keysToCamel(row) as T);
  }
}

function idWhere<T extends object>(id: RecordId): Where<T> {
  return { id: String(id) } as unknown as Where<T>;
}

function listQuery<T extends object>(options: ListOptions<T>): Array<[string, string]> {
  const query = filterParams<T>(options.where);
  const select = selectParam(options.select);
  const order = orderParam<T>(options.orderBy);
  if (select) query.unshift(['select', select]);
  if (order) query.push(['order', order]);
  if (options.limit !== undefined) query.push(['limit', String(options.limit)]);
  if (options.offset !== undefined) query.push(['offset', String(options.offset)]);
  if (options.cursor !== undefined) query.push(['cursor', options.cursor]);
  return query;
}

function unexpectedAnswer(table: string): ScoutError {
  return new ScoutError({
    kind: 'data',
    code: 'INTERNAL_ERROR',
    message: `The server did not answer with rows of ${table}`,
    retryable: false,
  });
}
