/** A query the Data API cannot answer; the caller turns it into a 400. */
export class QueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueryError';
  }
}
