/**
 * Test stores on PostgreSQL (TEST_DATABASE_URL): each a schema of its own, migrated. Making one
 * costs a second on a busy machine (a schema, every migration, and the schema dropped on close),
 * where emptying one costs a few hundredths: so a closed store's schema, emptied and found as the
 * migrations left it, waits for the next store this process opens: tables and views a test made
 * are dropped first. A schema a test changed otherwise (a column, an index, a trigger, the first
 * troop) is dropped as before.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { migrate } from '../src/store/migrate.ts';
import { migrations } from '../src/store/migrations/index.ts';
import { openPostgresStore } from '../src/store/postgres.ts';
import { quoteIdent, type Store } from '../src/store/store.ts';

/** Emptied schemas of this process, as the migrations left them, for the next stores. */
const idle: string[] = [];

/**
 * What each reusable schema held when the migrations had made it: its state (postgresState) and
 * its relations' object ids.
 */
const made = new Map<string, { state: string; relations: Set<string> }>();

/**
 * Schemas that may wait for reuse are named after this machine and process, so that a process
 * can drop those a process that ended left behind, and none of a live one's.
 */
const host = crypto.createHash('sha256').update(os.hostname()).digest('hex').slice(0, 6);
const reusablePrefix = `tp_${host}_`;
let swept: Promise<void> | undefined;

export async function openPostgresTestStore(
  upTo: number | undefined,
  empty: (store: Store) => Promise<void>,
): Promise<Store> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  // Only a fully migrated store is reused; an older server's is made and dropped as ever.
  const reusable = upTo === undefined;
  let schema = reusable ? idle.pop() : undefined;
  let store: Store;
  if (schema) store = schemaStore(base, schema);
  else {
    if (reusable) await (swept ??= sweep(base));
    schema = `${reusable ? `${reusablePrefix}${process.pid}_` : 't_'}${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(base, `CREATE SCHEMA ${schema}`);
    store = schemaStore(base, schema);
    await migrate(
      store,
      migrations.filter((m) => m.version <= (upTo ?? Infinity)),
    );
    if (reusable)
      made.set(schema, {
        state: await postgresState(store),
        relations: new Set((await relations(store)).map((r) => r.oid)),
      });
  }
  const own = schema;
  const close = store.close.bind(store);
  let closed = false;
  store.close = async () => {
    if (closed) return close();
    closed = true;
    await close();
    let keep = false;
    if (reusable) {
      // Through a store of its own, once the test's has ended: no writer of the test's (a job
      // still running, say) is left to write after the emptying.
      const check = schemaStore(base, own);
      keep = await asMade(check, made.get(own)!, empty).catch(() => false);
      await check.close();
    }
    if (keep) idle.push(own);
    else {
      made.delete(own);
      await adminQuery(base, `DROP SCHEMA ${own} CASCADE`);
    }
  };
  return store;
}

/**
 * Brings a closed store's schema back to what the migrations made, if only its rows and the
 * tables and views a test made (the Data API makes tables on the fly) changed: those are dropped
 * and the rest emptied. Whether that worked is its state, compared with the one it was made with.
 */
async function asMade(
  store: Store,
  { state, relations: madeRelations }: { state: string; relations: Set<string> },
  empty: (store: Store) => Promise<void>,
): Promise<boolean> {
  const added = (await relations(store)).filter((r) => !madeRelations.has(r.oid));
  if (added.length > 0) {
    const drops = added.map(
      (r) => `DROP ${RELATION_WORDS[r.kind]} IF EXISTS ${quoteIdent(r.name)} CASCADE;`,
    );
    await store.query(`DO $drop$ BEGIN ${drops.join(' ')} END $drop$`);
  }
  await empty(store);
  return (await postgresState(store)) === state;
}

const RELATION_WORDS: Record<string, string> = {
  r: 'TABLE',
  p: 'TABLE',
  f: 'FOREIGN TABLE',
  v: 'VIEW',
  m: 'MATERIALIZED VIEW',
};

/** The schema's tables and views. */
async function relations(store: Store): Promise<{ oid: string; name: string; kind: string }[]> {
  const { rows } = await store.query<{ oid: string; name: string; kind: string }>(
    `SELECT oid::text AS oid, relname AS name, relkind::text AS kind FROM pg_class
      WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p', 'f', 'v', 'm')`,
  );
  return rows;
}

function schemaStore(base: string, schema: string): Store {
  const url = new URL(base);
  // A test's commits need not wait for PostgreSQL's log to reach the disk: what a test checks is
  // what other connections see, which a commit gives them either way, and a test's schema is
  // thrown away. On a busy disk each flush costs a few milliseconds, and the suite commits often.
  url.searchParams.set('options', `-c search_path=${schema} -c synchronous_commit=off`);
  return openPostgresStore(url.toString(), { max: 4, statementTimeoutMs: 5000 });
}

async function adminQuery(base: string, sql: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ name: string }>(sql);
    return rows.map((r) => r.name);
  } finally {
    await admin.end();
  }
}

/** Drops the reusable schemas of processes of this machine that have ended. */
async function sweep(base: string): Promise<void> {
  const names = await adminQuery(
    base,
    `SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, '${reusablePrefix}')`,
  );
  for (const name of names) {
    const pid = Number(name.slice(reusablePrefix.length).split('_')[0]);
    if (!Number.isInteger(pid) || pid === process.pid || alive(pid)) continue;
    // Another process may be dropping it at the same time.
    await adminQuery(base, `DROP SCHEMA IF EXISTS ${name} CASCADE`).catch(() => undefined);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A digest of what the schema defines (relations, columns and their defaults, constraints,
 * indexes, triggers, functions, types, policies, rules, grants, sequences' positions) and of the
 * rows an emptied store keeps (the migrations' record, the first troop). Catalog rows as they
 * are, object ids included: a schema is only ever compared with itself as it was made, and a
 * thing dropped and made again is a change too. Plain columns keep it to a few hundredths of a
 * second, where rendering every definition (pg_get_indexdef and its kin) took ten times that.
 */
export async function postgresState(store: Store): Promise<string> {
  const { rows } = await store.query<{ state: string }>(
    `WITH ns AS (SELECT oid FROM pg_namespace WHERE nspname = current_schema()),
     rel AS (SELECT oid FROM pg_class WHERE relnamespace = (SELECT oid FROM ns)),
     items AS (
       SELECT concat_ws(' ', 'ns', n.nspacl) AS item FROM pg_namespace n WHERE n.oid = (SELECT oid FROM ns)
       UNION ALL
       SELECT concat_ws(' ', 'rel', c.oid, c.relname, c.relkind, c.relacl, c.relnatts, c.relchecks,
                        c.relhastriggers, c.relhasrules, c.relrowsecurity, c.relforcerowsecurity,
                        c.reloptions, c.relreplident, c.relpersistence)
         FROM pg_class c WHERE c.oid IN (SELECT oid FROM rel)
       UNION ALL
       SELECT concat_ws(' ', 'col', a.attrelid, a.attnum, a.attname, a.atttypid, a.atttypmod, a.attnotnull,
                        a.attisdropped, a.atthasdef, a.attgenerated, a.attidentity, a.attcollation, a.attacl)
         FROM pg_attribute a WHERE a.attrelid IN (SELECT oid FROM rel) AND a.attnum > 0
       UNION ALL
       SELECT concat_ws(' ', 'def', d.oid, d.adrelid, d.adnum, md5(d.adbin::text))
         FROM pg_attrdef d WHERE d.adrelid IN (SELECT oid FROM rel)
       UNION ALL
       SELECT concat_ws(' ', 'con', k.oid, k.conname, k.contype, k.conrelid, k.confrelid, k.conkey, k.confkey,
                        k.confupdtype, k.confdeltype, k.condeferrable, k.condeferred, k.convalidated,
                        md5(k.conbin::text))
         FROM pg_constraint k WHERE k.connamespace = (SELECT oid FROM ns)
       UNION ALL
       SELECT concat_ws(' ', 'idx', i.indexrelid, i.indrelid, i.indkey, i.indclass, i.indoption, i.indisunique,
                        i.indisprimary, md5(i.indexprs::text), md5(i.indpred::text))
         FROM pg_index i WHERE i.indrelid IN (SELECT oid FROM rel)
       UNION ALL
       SELECT concat_ws(' ', 'trg', t.oid, t.tgrelid, t.tgname, t.tgfoid, t.tgtype, t.tgenabled, t.tgattr,
                        t.tgargs, md5(t.tgqual::text))
         FROM pg_trigger t WHERE t.tgrelid IN (SELECT oid FROM rel) AND NOT t.tgisinternal
       UNION ALL
       SELECT concat_ws(' ', 'fn', p.oid, p.proname, p.prokind, p.prorettype, p.proargtypes, p.provolatile,
                        p.prosecdef, md5(p.prosrc), p.proacl)
         FROM pg_proc p WHERE p.pronamespace = (SELECT oid FROM ns)
       UNION ALL
       SELECT concat_ws(' ', 'type', t.oid, t.typname, t.typtype) FROM pg_type t WHERE t.typnamespace = (SELECT oid FROM ns)
       UNION ALL
       SELECT concat_ws(' ', 'pol', p.oid, p.polrelid, p.polname, p.polcmd, p.polpermissive, p.polroles,
                        md5(p.polqual::text), md5(p.polwithcheck::text))
         FROM pg_policy p WHERE p.polrelid IN (SELECT oid FROM rel)
       UNION ALL
       SELECT concat_ws(' ', 'rule', r.oid, r.ev_class, r.rulename, r.ev_type, r.ev_enabled, md5(r.ev_action::text))
         FROM pg_rewrite r WHERE r.ev_class IN (SELECT oid FROM rel)
       UNION ALL
       SELECT concat_ws(' ', 'seq', s.sequencename, s.last_value) FROM pg_sequences s WHERE s.schemaname = current_schema()
       UNION ALL
       SELECT concat_ws(' ', 'migration', m.version, m.name) FROM schema_migrations m
       UNION ALL
       SELECT concat_ws(' ', 'troop', row_to_json(t)) FROM troops t
     )
     SELECT md5(string_agg(item, E'\\n' ORDER BY item)) AS state FROM items`,
  );
  return rows[0]!.state;
}
