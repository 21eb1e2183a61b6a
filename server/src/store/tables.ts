/**
 * Which migrations have run: the server's own.
 * Listed in server/src/tables.ts, so the Data API answers as if it were absent.
 */
export const storeTables = { serverOwned: ['schema_migrations'] };
