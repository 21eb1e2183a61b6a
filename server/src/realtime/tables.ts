/**
 * The realtime history kept in the store when there is no Redis: the server's own.
 * Listed in server/src/tables.ts, so the Data API answers as if it were absent.
 */
export const realtimeTables = { serverOwned: ['realtime_messages'] };
