/**
 * Queued mail, with its words and recipients: the server's own.
 * Listed in server/src/tables.ts, so the Data API answers as if it were absent.
 */
export const mailTables = { serverOwned: ['mail_outbox'] };
