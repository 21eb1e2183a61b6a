import type { Dialect, Store } from './store.ts';
import { migrations } from './migrations/index.ts';
import { isoInstant } from './sql-values.ts';

export interface Migration {
  version: number;
  name: string;
  /** Statements to run, in order, for the given dialect. */
  up(dialect: Dialect): string[];
}

/**
 * Applies every migration not yet recorded, in version order, in one transaction. Safe to
 * run from several processes at once: on PostgreSQL an advisory lock serialises them.
 */
export async function migrate(
  store: Store,
  list: readonly Migration[] = migrations,
): Promise<number> {
  await store.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  let applied = 0;
  await store.transaction(async (tx) => {
    // One schema's migrations at a time; other schemas of the database (each test suite has
    // its own) migrate side by side instead of waiting for each other's.
    if (tx.dialect === 'postgres')
      await tx.query('SELECT pg_advisory_xact_lock(7317001, hashtext(current_schema()))');
    const done = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) =>
        Number(r.version),
      ),
    );
    for (const m of [...list].sort((a, b) => a.version - b.version)) {
      if (done.has(m.version)) continue;
      for (const sql of m.up(tx.dialect)) await tx.query(sql);
      await tx.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        m.version,
        m.name,
        isoInstant(Date.now()),
      ]);
      applied++;
    }
  });
  return applied;
}
