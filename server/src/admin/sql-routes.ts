/**
 * `POST /api/db/{projectId}/sql` and `/batch` (docs/protocol.md, Data API): operator SQL. Both reach every
 * table, `users.password_hash` included, so only an admin or a service key (trusted operators)
 * may call them: anonymous 401, anyone else 403. Each statement is held to a time limit
 * (`deps.sqlStatementTimeoutMs`, 10 s unless set) on both databases.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { forbidden } from '../errors.ts';
import { PERMISSIONS } from '@scout/protocol/permissions';
import { assertProject, callerCan, requireCaller } from '../http/caller.ts';
import { parseInput } from '../http/validate.ts';
import { runSqlStatements, SQL_MAX_LENGTH, SQL_MAX_STATEMENTS } from './run-sql.ts';

export const sqlRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.post('/:projectId/sql', (req) => runSql(deps, req));
    app.post('/:projectId/batch', (req) => runBatch(deps, req));
  };

const pathParams = z.object({ projectId: z.string() });
const sqlText = z.string().trim().min(1).max(SQL_MAX_LENGTH);
// Values are bound, never spliced; objects and arrays are bound as JSON text.
const values = z
  .array(z.unknown())
  .nullish()
  .transform((v) => v ?? []);

const sqlBody = z.object({ query: sqlText, params: values });
const batchBody = z.object({
  statements: z
    .array(
      z.union([
        sqlText.transform((sql) => ({ sql, args: [] as unknown[] })),
        z.object({ sql: sqlText, args: values }),
      ]),
    )
    .min(1)
    .max(SQL_MAX_STATEMENTS),
  mode: z.enum(['read', 'write']).default('write'),
});

async function requireOperator(deps: AppDeps, req: FastifyRequest) {
  const caller = await requireCaller(deps, req);
  if (!callerCan(deps, caller, PERMISSIONS.sqlRun))
    throw forbidden('Only admins and service keys may run SQL');
  assertProject(deps, parseInput(pathParams, req.params).projectId);
}

/** Milliseconds, to 0.01: a measurement for the caller, not a time any logic depends on. */
const elapsed = (start: number) => Math.round((performance.now() - start) * 100) / 100;

async function runSql(deps: AppDeps, req: FastifyRequest) {
  await requireOperator(deps, req);
  const body = parseInput(sqlBody, req.body);
  const start = performance.now();
  const [result] = await runSqlStatements(
    deps.store,
    [{ sql: body.query, args: body.params }],
    'write',
    { statementTimeoutMs: deps.sqlStatementTimeoutMs },
  );
  return {
    rows: result?.rows ?? [],
    columns: result?.columns ?? [],
    rowCount: result?.rowCount ?? 0,
    executionTime: elapsed(start),
  };
}

async function runBatch(deps: AppDeps, req: FastifyRequest) {
  await requireOperator(deps, req);
  const body = parseInput(batchBody, req.body);
  const start = performance.now();
  const results = await runSqlStatements(deps.store, body.statements, body.mode, {
    statementTimeoutMs: deps.sqlStatementTimeoutMs,
  });
  return { results, executionTime: elapsed(start), success: true };
}
