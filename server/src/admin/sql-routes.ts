/**
 * `POST /api/db/{projectId}/sql` and `/batch` (docs/protocol.md, Data API): operator SQL. Both reach every
 * table of every troop, `users.password_hash` included, so only the server's operators may call
 * them: a service key of the operator or a platform admin (platform-operator.ts; for now an
 * admin of the first troop), never another troop's admin. Anonymous 401, anyone else 403. Each statement is held to a time limit
 * (`deps.sqlStatementTimeoutMs`, 10 s unless set) on both databases.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReadyDeps } from '../deps.ts';
import { PERMISSIONS } from '@scout/protocol/permissions';
import { projectParams, routeGuards } from '../http/route-guards.ts';
import { platformOperator } from './platform-operator.ts';
import { runSqlStatements, SQL_MAX_LENGTH, SQL_MAX_STATEMENTS } from './run-sql.ts';

export const sqlRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);
    const refusal = 'Only admins and service keys may run SQL';
    const operator = [
      guards.permission(PERMISSIONS.sqlRun, refusal),
      guards.project,
      platformOperator(deps, `${refusal}: it reads every troop, so only the server's own`),
    ];
    app.post(
      '/:projectId/sql',
      {
        preValidation: operator,
        schema: { params: projectParams, body: sqlBody, response: { 200: sqlResult } },
      },
      (req) => runSql(deps, req.body),
    );
    app.post(
      '/:projectId/batch',
      {
        preValidation: operator,
        schema: { params: projectParams, body: batchBody, response: { 200: batchResult } },
      },
      (req) => runBatch(deps, req.body),
    );
  };
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

const statementResult = z.object({
  rows: z.array(z.record(z.string(), z.unknown())),
  columns: z.array(z.string()),
  rowCount: z.number(),
});
const sqlResult = statementResult.extend({ executionTime: z.number() });
const batchResult = z.object({
  results: z.array(statementResult),
  executionTime: z.number(),
  success: z.literal(true),
});

/** Milliseconds, to 0.01: a measurement for the caller, not a time any logic depends on. */
const elapsed = (start: number) => Math.round((performance.now() - start) * 100) / 100;

async function runSql(deps: ReadyDeps, body: z.output<typeof sqlBody>) {
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

async function runBatch(deps: ReadyDeps, body: z.output<typeof batchBody>) {
  const start = performance.now();
  const results = await runSqlStatements(deps.store, body.statements, body.mode, {
    statementTimeoutMs: deps.sqlStatementTimeoutMs,
  });
  return { results, executionTime: elapsed(start), success: true as const };
}
