/**
 * Durable jobs (docs/decisions/052-durable-jobs.md): the server's own.
 * Listed in server/src/tables.ts, so the Data API answers as if it were absent.
 */
export const jobsTables = { serverOwned: ['jobs'] };
