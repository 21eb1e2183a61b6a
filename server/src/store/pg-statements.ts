/**
 * Our own SQL as PostgreSQL is sent it: `?` placeholders numbered `$1..$n` once per text, and
 * the statements the server runs again and again prepared once per connection under a name, so
 * PostgreSQL parses and plans them once instead of on every request.
 *
 * A text is named on its second use, so one-off texts (unusual filters) never take a name, and
 * at most MAX_NAMED texts are named per process: every pooled connection may hold that many
 * prepared statements, and they live as long as it does. Operator SQL never comes here.
 */

/** Prepared statements per connection, at most. */
export const MAX_NAMED = 256;
/** Texts remembered as seen once, waiting for a second use; forgotten all at once past it. */
const MAX_SEEN_ONCE = 4096;

interface Entry {
  /** The text with `$n` placeholders. */
  text: string;
  /** Set from the second use while names remain. */
  name?: string;
  seen: number;
}

export class PgStatements {
  private readonly entries = new Map<string, Entry>();
  private named = 0;
  private generation = 0;

  /** The text to send and, for a text used before, the name it is prepared under. */
  statement(sql: string): { text: string; name?: string } {
    let entry = this.entries.get(sql);
    if (!entry) {
      if (this.entries.size >= MAX_SEEN_ONCE + MAX_NAMED) this.forgetUnnamed();
      entry = { text: toPgPlaceholders(sql), seen: 0 };
      this.entries.set(sql, entry);
    }
    entry.seen++;
    if (entry.name === undefined && entry.seen >= 2 && this.named < MAX_NAMED) {
      this.named++;
      entry.name = `scout_${this.generation}_${this.named}`;
    }
    return entry;
  }

  /**
   * A prepared statement can no longer run as prepared (its table changed under it): the text
   * gets a new name, so every connection prepares it again.
   */
  rename(sql: string): void {
    const entry = this.entries.get(sql);
    if (entry?.name === undefined) return;
    this.generation++;
    entry.name = `scout_${this.generation}_${this.named}`;
  }

  private forgetUnnamed(): void {
    for (const [sql, entry] of this.entries) if (entry.name === undefined) this.entries.delete(sql);
  }
}

/** Rewrites `?` placeholders to `$1..$n`. Our SQL never carries string literals with `?`. */
export function toPgPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/**
 * PostgreSQL refuses to run a prepared statement whose result columns changed since it was
 * prepared (a table dropped and made again by an operator); run as text, it works.
 */
export const isStalePlan = (err: unknown): boolean =>
  (err as { code?: unknown } | null)?.code === '0A000' &&
  /cached plan must not change result type/.test(String((err as Error).message));
