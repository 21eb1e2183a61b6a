/**
 * The Data API: PostgREST-compatible REST over tables (WIRE.md, Database). Handlers only read
 * the request and write the answer; the work is in read-rows.ts and write-rows.ts, the access
 * rules in rules.ts. Every committed write is handed to the change feed (change-feed.ts).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { assertProject, requireCaller } from '../http/caller.ts';
import { createRealtimeHub } from '../realtime/hub.ts';
import { createChangeFeed } from './change-feed.ts';
import type { DataContext } from './data-context.ts';
import { toApiError } from './db-errors.ts';
import { camelToSnake } from './names.ts';
import { parseQuery, type ParsedQuery } from './parse-query.ts';
import { parsePrefer, type Prefer } from './prefer.ts';
import { listRows } from './read-rows.ts';
import type { SignedInCaller } from './rules.ts';
import { TableRegistry } from './tables.ts';
import { deleteRows, insertRows, updateRows } from './write-rows.ts';

const TABLE_PATH = '/:projectId/rest/v1/:table';

interface Params {
  projectId: string;
  table: string;
}

interface DataRequest {
  caller: SignedInCaller;
  table: string;
  query: ParsedQuery;
  prefer: Prefer;
}

export const restRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const ctx: DataContext = {
      store: deps.store,
      clock: deps.clock,
      tables: new TableRegistry(deps.store, deps.clock),
    };
    const realtime = (deps.realtime ??= createRealtimeHub({
      clock: deps.clock,
      bus: deps.bus,
      logger: deps.logger,
    }));
    const feed = createChangeFeed(realtime, deps.logger);

    app.get<{ Params: Params }>(TABLE_PATH, (req, reply) =>
      handle(req, async (r) => {
        const page = await listRows(ctx, r.caller, r.table, r.query, r.prefer);
        reply.header('Content-Range', page.contentRange);
        if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
        return reply.send(page.rows);
      }),
    );

    app.post<{ Params: Params }>(TABLE_PATH, (req, reply) =>
      handle(req, async (r) => {
        const { rows, changes } = await insertRows(
          ctx,
          r.caller,
          r.table,
          r.query,
          r.prefer,
          req.body,
        );
        feed.announce(r.caller, changes);
        return r.prefer.returnRows ? reply.code(201).send(rows) : reply.code(201).send();
      }),
    );

    app.patch<{ Params: Params }>(TABLE_PATH, (req, reply) =>
      handle(req, async (r) => {
        const { rows, changes } = await updateRows(ctx, r.caller, r.table, r.query, req.body);
        feed.announce(r.caller, changes);
        return r.prefer.returnRows ? reply.send(rows) : reply.code(204).send();
      }),
    );

    app.delete<{ Params: Params }>(TABLE_PATH, (req, reply) =>
      handle(req, async (r) => {
        const { rows, changes } = await deleteRows(ctx, r.caller, r.table, r.query);
        feed.announce(r.caller, changes);
        return r.prefer.returnRows ? reply.send(rows) : reply.code(204).send();
      }),
    );

    /** Project first (404), then the caller (401 for anonymous), then the query (400). */
    async function handle(
      req: FastifyRequest<{ Params: Params }>,
      fn: (r: DataRequest) => Promise<FastifyReply>,
    ): Promise<FastifyReply> {
      try {
        assertProject(deps, req.params.projectId);
        const caller = await requireCaller(deps, req);
        const q = req.url.indexOf('?');
        const query = parseQuery(q < 0 ? '' : req.url.slice(q + 1));
        return await fn({
          caller,
          table: camelToSnake(req.params.table),
          query,
          prefer: parsePrefer(req.headers.prefer),
        });
      } catch (err) {
        throw toApiError(err);
      }
    }
  };
