/**
 * The `files` table (migration 005): one row per stored file, written after its checks pass. A
 * row's `path` is the file store's key (troop-files.ts), so it names one troop's file; its
 * `troop_id` is the troop it was stored from (migration 041).
 */
import type { Queryable } from '../store/store.ts';

export interface FileRecord {
  /** The file store's key. */
  path: string;
  troopId: string;
  ownerId: string | null;
  contentType: string;
  size: number;
  createdAt: string;
  updatedAt: string;
}

interface FileRow {
  path: string;
  troop_id: string;
  owner_id: string | null;
  content_type: string;
  size: number | string;
  created_at: string;
  updated_at: string;
}

const toRecord = (r: FileRow): FileRecord => ({
  path: r.path,
  troopId: r.troop_id,
  ownerId: r.owner_id,
  contentType: r.content_type,
  size: Number(r.size),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export async function findFile(db: Queryable, path: string): Promise<FileRecord | null> {
  const { rows } = await db.query<FileRow>('SELECT * FROM files WHERE path = ?', [path]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * A file whose path is a folder of `path` (`a/b` for `a/b/c`) or lies inside it (`a/b/c/d`).
 * On disk one name cannot be both a file and a folder; the bucket behaves the same way.
 */
export async function findPathConflict(db: Queryable, path: string): Promise<string | null> {
  const segments = path.split('/');
  const parents = segments.slice(1).map((_, i) => segments.slice(0, i + 1).join('/'));
  const inside = `${path}/`;
  const params: unknown[] = [inside.length, inside, ...parents];
  const parentTest = parents.length > 0 ? ` OR path IN (${parents.map(() => '?').join(', ')})` : '';
  const { rows } = await db.query<{ path: string }>(
    `SELECT path FROM files WHERE substr(path, 1, ?) = ?${parentTest} LIMIT 1`,
    params,
  );
  return rows[0]?.path ?? null;
}

/** Claims a new path; false when a row is already there (a concurrent upload got it first). */
export async function insertFile(
  db: Queryable,
  f: Omit<FileRecord, 'updatedAt'>,
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO files (path, troop_id, owner_id, content_type, size, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (path) DO NOTHING RETURNING path`,
    [f.path, f.troopId, f.ownerId, f.contentType, f.size, f.createdAt, f.createdAt],
  );
  return rows.length > 0;
}

/** Records an upsert. An overwritten file keeps its first uploader as owner. */
export async function upsertFile(db: Queryable, f: Omit<FileRecord, 'updatedAt'>): Promise<void> {
  await db.query(
    `INSERT INTO files (path, troop_id, owner_id, content_type, size, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (path) DO UPDATE SET content_type = excluded.content_type, size = excluded.size, updated_at = excluded.updated_at`,
    [f.path, f.troopId, f.ownerId, f.contentType, f.size, f.createdAt, f.createdAt],
  );
}

export async function deleteFileRecord(db: Queryable, path: string): Promise<void> {
  await db.query('DELETE FROM files WHERE path = ?', [path]);
}
