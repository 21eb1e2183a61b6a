/**
 * The Data API: PostgREST-compatible REST over tables (docs/protocol.md, Data API). Handlers only read
 * the request and write the answer; the work is in read-rows.ts and insert-rows.ts, update-rows.ts, delete-rows.ts, the access
 * rules in rules.ts. Every committed write is handed to the change feed (change-feed.ts).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { callerOf, projectParams, routeGuards, troopOf } from '../http/route-guards.ts';
import type { DataContext } from './data-context.ts';
import { toApiError } from './db-errors.ts';
import { camelToSnake } from './names.ts';
import type { ParsedQuery } from './parse-query.ts';
import { answerFormat, notOneRow, toCsv, type AnswerFormat } from './media-type.ts';
import type { Prefer } from './prefer.ts';
import { applyRange } from './range-header.ts';
import { listRows } from './read-rows.ts';
import { rowsToInsertBody, rowToUpdateBody } from './request-rows.ts';
import { dataApiHeaders, noRows, rowsAnswer, tableParams, writeAnswer } from './route-schemas.ts';
import { parsePreferCached, parseQueryCached } from './request-cache.ts';
import { answerColumns, isPlainSelect, shapeRow } from './select-list.ts';
import type { SignedInCaller } from './rules.ts';
import { deleteRows } from './delete-rows.ts';
import { insertRows } from './insert-rows.ts';
import { updateRows } from './update-rows.ts';
import type { TableChange } from './write-common.ts';

const TABLE_PATH = '/:projectId/rest/v1/:table';

type DataApiRequest = FastifyRequest & {
  params: z.output<typeof tableParams>;
  headers: z.output<typeof dataApiHeaders>;
};

const DATA_API_DOC =
  'PostgREST-compatible: filters, select, order, limit, offset, cursor in the query string; Prefer, Range and Accept headers. See docs/protocol.md, Data API.';

interface DataRequest {
  caller: SignedInCaller;
  /** The path's troop (its project id): every row read or written is this troop's. */
  troopId: string;
  /** The troop's council: reads of a table it shares include its rows; writes never do. */
  councilId: string | null;
  /** Whether the path names a troop or a council (the change feed looks up a council's troops). */
  unitKind: 'troop' | 'council';
  table: string;
  query: ParsedQuery;
  prefer: Prefer;
  format: AnswerFormat;
}

/** The rows as the select list asks (renames, casts), then in the format the client accepts. */
function sendRows(
  reply: FastifyReply,
  r: DataRequest,
  rows: Record<string, unknown>[],
  allColumns: readonly string[],
  status: number,
) {
  const items = r.query.selectItems;
  const shaped =
    items && !isPlainSelect(items) ? rows.map((row) => shapeRow(row, items, allColumns)) : rows;
  if (r.format === 'object') {
    if (shaped.length !== 1) throw notOneRow(shaped.length);
    return reply.code(status).send(shaped[0]);
  }
  if (r.format === 'csv') {
    return reply
      .code(status)
      .type('text/csv; charset=utf-8')
      .send(toCsv(answerColumns(items, allColumns), shaped));
  }
  return reply.code(status).send(shaped);
}

const columnsOf = (rows: readonly Record<string, unknown>[]) => Object.keys(rows[0] ?? {});

export const restRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);
    /** Project first (404), then the caller (401 for anonymous), then the input (400). */
    const route = {
      preValidation: [guards.project, guards.signedIn],
      schema: { params: tableParams, headers: dataApiHeaders, description: DATA_API_DOC },
      // The rows are the store's own, any JSON object: the answer schemas document them, and
      // checking each row again would cost several times the JSON of a large page.
      serializerCompiler: () => JSON.stringify,
    };
    // A refused body is answered in the words clients of the Data API have always read.
    const writeRoute = { ...route, config: { invalidInput: { schemaWords: true } } };
    const readRoute = { ...route, schema: { ...route.schema, response: { 200: rowsAnswer } } };
    const deleteRoute = {
      ...route,
      schema: { ...route.schema, response: { 200: rowsAnswer, 204: noRows } },
    };
    const insertRoute = {
      ...writeRoute,
      schema: { ...route.schema, body: rowsToInsertBody, response: { 201: writeAnswer } },
    };
    const updateRoute = {
      ...writeRoute,
      schema: {
        ...route.schema,
        body: rowToUpdateBody,
        response: { 200: rowsAnswer, 204: noRows },
      },
    };
    const ctx: DataContext = {
      store: deps.store,
      clock: deps.clock,
      tables: deps.tables,
      roles: deps.config.roles,
    };
    // The table's own hook hears of the change first (a changed account acts so at once).
    const feed = {
      announce(r: DataRequest, changes: TableChange[]): void {
        for (const c of changes) deps.tables.declared(c.table)?.committed?.(deps.store, c.ids);
        deps.changeFeed.announce(r.caller, changes, r.troopId, r.unitKind);
      },
    };

    app.get(TABLE_PATH, readRoute, (req, reply) =>
      handle(req, async (r) => {
        const page = await listRows(
          ctx,
          r.caller,
          r.troopId,
          r.table,
          r.query,
          r.prefer,
          r.councilId,
        );
        reply.header('Content-Range', page.contentRange);
        if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
        if (r.format === 'csv')
          return reply.type('text/csv; charset=utf-8').send(toCsv(page.columns, page.rows));
        if (r.format === 'array') return reply.send(page.rows);
        const [row] = page.rows;
        if (!row || page.rows.length !== 1) throw notOneRow(page.rows.length);
        return reply.send(row);
      }),
    );

    app.post(TABLE_PATH, insertRoute, (req, reply) =>
      handle(req, async (r) => {
        const { rows, changes } = await insertRows(
          ctx,
          r.caller,
          r.troopId,
          r.table,
          r.query,
          r.prefer,
          req.body,
          { expectOne: r.format === 'object' && r.prefer.returnRows },
        );
        feed.announce(r, changes);
        if (r.prefer.returnMode === 'headers-only') {
          const id = changes.flatMap((c) => c.ids)[0];
          if (id !== undefined)
            reply.header(
              'Location',
              `/api/db/${req.params.projectId}/rest/v1/${r.table}?id=eq.${encodeURIComponent(id)}`,
            );
        }
        return r.prefer.returnRows
          ? sendRows(reply, r, rows, columnsOf(rows), 201)
          : reply.code(201).send();
      }),
    );

    app.patch(TABLE_PATH, updateRoute, (req, reply) =>
      handle(req, async (r) => {
        const { rows, changes } = await updateRows(
          ctx,
          r.caller,
          r.troopId,
          r.table,
          r.query,
          req.body,
          {
            expectOne: r.format === 'object' && r.prefer.returnRows,
          },
        );
        feed.announce(r, changes);
        return r.prefer.returnRows
          ? sendRows(reply, r, rows, columnsOf(rows), 200)
          : reply.code(204).send();
      }),
    );

    app.delete(TABLE_PATH, deleteRoute, (req, reply) =>
      handle(req, async (r) => {
        const { rows, changes } = await deleteRows(ctx, r.caller, r.troopId, r.table, r.query, {
          expectOne: r.format === 'object' && r.prefer.returnRows,
        });
        feed.announce(r, changes);
        return r.prefer.returnRows
          ? sendRows(reply, r, rows, columnsOf(rows), 200)
          : reply.code(204).send();
      }),
    );

    // Database functions are PostgREST's, not this server's: say so rather than look for a table.
    app.route({
      method: ['GET', 'POST', 'PATCH', 'DELETE'],
      url: '/:projectId/rest/v1/rpc/:fn',
      schema: { params: projectParams.extend({ fn: z.string() }) },
      handler: async () => {
        throw new ApiError(
          'NOT_FOUND',
          'Database functions (/rpc) are not offered by this server; see docs/protocol.md, Data API',
        );
      },
    });

    async function handle<Sent>(
      req: DataApiRequest,
      fn: (r: DataRequest) => Promise<Sent>,
    ): Promise<Sent> {
      try {
        const caller = callerOf(req);
        const { headers } = req;
        const q = req.url.indexOf('?');
        const parsed = parseQueryCached(q < 0 ? '' : req.url.slice(q + 1));
        const query =
          req.method === 'GET' || req.method === 'HEAD'
            ? applyRange(parsed, headers.range, headers['range-unit'])
            : parsed;
        const troop = troopOf(req);
        return await fn({
          caller,
          troopId: troop.id,
          councilId: troop.councilId,
          unitKind: troop.kind,
          table: camelToSnake(req.params.table),
          query,
          prefer: parsePreferCached(headers.prefer),
          format: answerFormat(headers.accept),
        });
      } catch (err) {
        throw toApiError(err);
      }
    }
  };
