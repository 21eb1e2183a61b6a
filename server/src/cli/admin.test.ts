import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serviceKeyVerifier } from '../admin/service-keys.ts';
import { openSqliteStore } from '../store/sqlite.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, describeBackupProgress, runAdmin } from './admin.ts';

/** `text` as a regular expression that matches only itself. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('admin CLI (sqlite)', () => {
  let dir: string;
  let lines: string[];
  let errors: string[];
  const out = { log: (l: string) => void lines.push(l), error: (l: string) => void errors.push(l) };
  const env = () => ({ DATA_DIR: path.join(dir, 'data'), INIT_CWD: dir });
  const admin = (...argv: string[]) => runAdmin(argv, env(), out);

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-cli-'));
    lines = [];
    errors = [];
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints usage and exits 2 for no command, an unknown one or a missing option', async () => {
    for (const argv of [
      [],
      ['frobnicate'],
      ['issue-key'],
      ['set-role', '--email', 'a@troop.example'],
      ['list-keys', '--name', 'x'],
      ['issue-key', '--name', 'x', 'extra'],
      ['issue-key', '--colour', 'x'],
    ]) {
      errors = [];
      lines = [];
      expect(await admin(...argv), argv.join(' ')).toBe(EXIT_USAGE);
      expect([...lines, ...errors].join('\n')).toContain('Usage: npm run admin');
    }
    expect(await admin('--help')).toBe(EXIT_OK);
    // Usage errors never touch the database.
    expect(fs.existsSync(path.join(dir, 'data'))).toBe(false);
  });

  it('issues a key that the server accepts, lists it, and revokes it', async () => {
    expect(await admin('issue-key', '--name', 'nightly export')).toBe(EXIT_OK);
    const key = lines.find((l) => l.startsWith('sk_'));
    expect(key).toBeDefined();

    lines = [];
    expect(await admin('list-keys')).toBe(EXIT_OK);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('nightly export');
    expect(lines[0]).toContain('active');
    expect(lines.join('\n')).not.toContain(key as string);
    const id = (lines[0] as string).split(/\s+/)[0] as string;

    const store = openSqliteStore(path.join(dir, 'data', 'scout.db'));
    try {
      // Without --troop or --platform, the key is the first troop's, as a one-troop server's was.
      expect(await serviceKeyVerifier(store).verify(key as string)).toEqual({
        id,
        troopId: FIRST_TROOP_ID,
      });
      expect(await admin('revoke-key', '--id', id)).toBe(EXIT_OK);
      expect(await serviceKeyVerifier(store).verify(key as string)).toBeNull();
    } finally {
      await store.close();
    }
    expect(await admin('revoke-key', '--id', 'ffffffffffffffff')).toBe(EXIT_FAILED);
  });

  it('issues a key for the troop named, or with --platform for every troop, never both', async () => {
    expect(await admin('issue-key', '--name', 'everywhere', '--platform')).toBe(EXIT_OK);
    expect(lines.join('\n')).toContain('for every troop');
    lines = [];
    expect(await admin('issue-key', '--name', 'first', '--troop', FIRST_TROOP_ID)).toBe(EXIT_OK);
    expect(lines.join('\n')).toContain(`for troop ${FIRST_TROOP_ID}`);
    errors = [];
    expect(await admin('issue-key', '--name', 'x', '--troop', 'nowhere')).toBe(EXIT_FAILED);
    expect(errors.join('\n')).toContain('No troop is named nowhere');
    errors = [];
    expect(await admin('issue-key', '--name', 'x', '--troop', FIRST_TROOP_ID, '--platform')).toBe(
      EXIT_FAILED,
    );
    expect(errors.join('\n')).toContain('not both');

    lines = [];
    expect(await admin('list-keys')).toBe(EXIT_OK);
    expect(lines).toHaveLength(2);
    expect(lines.find((l) => l.endsWith('everywhere'))).toContain('every troop');
    expect(lines.find((l) => l.endsWith('first'))).toContain(`troop ${FIRST_TROOP_ID}`);
  });

  it('creates the first admin and changes roles, exiting 1 when the command fails', async () => {
    expect(
      await admin(
        'create-user',
        '--email',
        'leader@troop.example',
        '--password',
        'campfire-2026',
        '--role',
        'admin',
        '--name',
        'Pat Leader',
      ),
    ).toBe(EXIT_OK);
    expect(
      await admin(
        'create-user',
        '--email',
        'leader@troop.example',
        '--password',
        'campfire-2026',
        '--role',
        'admin',
      ),
    ).toBe(EXIT_FAILED);
    expect(errors.join('\n')).toContain('already exists');
    expect(await admin('set-role', '--email', 'leader@troop.example', '--role', 'leader')).toBe(
      EXIT_OK,
    );
    expect(lines).toContain('leader@troop.example now has the role leader.');
    // Only configured roles: an unknown one is refused and changes nothing.
    expect(
      await admin('set-role', '--email', 'leader@troop.example', '--role', 'scoutmaster'),
    ).toBe(EXIT_FAILED);
    expect(errors.at(-1)).toBe('Role must be one of admin, leader, user, got "scoutmaster"');
    expect(await admin('set-role', '--email', 'leader@troop.example', '--role', 'user')).toBe(
      EXIT_OK,
    );
    expect(await admin('set-role', '--email', 'nobody@troop.example', '--role', 'user')).toBe(
      EXIT_FAILED,
    );

    const db = new Database(path.join(dir, 'data', 'scout.db'), { readonly: true });
    try {
      expect(db.prepare('SELECT email, role, display_name FROM users').all()).toEqual([
        { email: 'leader@troop.example', role: 'user', display_name: 'Pat Leader' },
      ]);
      // The change is in the audit log admins read, made by nobody signed in: the console.
      const audit = db
        .prepare(
          `SELECT a.actor_id, a.action, a.details FROM audit_log a JOIN users u ON u.id = a.target_id ORDER BY a.rowid`,
        )
        .all() as { actor_id: string | null; action: string; details: string }[];
      expect(audit.map((a) => ({ ...a, details: JSON.parse(a.details) }))).toEqual([
        {
          actor_id: null,
          action: 'member.role_changed',
          details: { from: 'admin', to: 'leader', via: 'cli' },
        },
        {
          actor_id: null,
          action: 'member.role_changed',
          details: { from: 'leader', to: 'user', via: 'cli' },
        },
      ]);
    } finally {
      db.close();
    }
  });

  it('backs up to a path relative to where npm was run', async () => {
    expect(await admin('issue-key', '--name', 'kept')).toBe(EXIT_OK);
    lines = [];
    expect(await admin('backup', '--out', 'copy.db')).toBe(EXIT_OK);
    const copy = new Database(path.join(dir, 'copy.db'), { readonly: true, fileMustExist: true });
    try {
      expect(copy.prepare('SELECT name FROM service_keys').all()).toEqual([{ name: 'kept' }]);
    } finally {
      copy.close();
    }
    // The result on standard output; progress, from the size to expect to the end, on standard
    // error, where a scheduler's log keeps it apart from the result.
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Backed up to ${literal(path.join(dir, 'copy.db'))} \\(\\d+ bytes\\) in \\d+\\.\\d s\\.$`,
        ),
      ),
    ]);
    expect(errors[0]).toMatch(
      new RegExp(
        `^Backing up ${literal(path.join(dir, 'data', 'scout.db'))} \\(about \\d+\\.\\d MB\\) to ${literal(path.join(dir, 'copy.db'))}$`,
      ),
    );
    expect(errors.slice(-2)).toEqual([
      expect.stringMatching(
        /^ {2}Copy written \(\d+\.\d MB\), \d+\.\d s; checking it \(integrity_check\)$/,
      ),
      expect.stringMatching(/^ {2}Checked and in place, \d+\.\d s$/),
    ]);
  });

  it('describes a backup in progress by what is copied, of how much', () => {
    const p = { source: '/data/scout.db', file: '/backups/scout.db', expectedBytes: 245_000_000 };
    expect(
      describeBackupProgress({ ...p, phase: 'copying', bytes: 120_000_000, elapsedMs: 3100 }),
    ).toBe('  120.0 MB of about 245.0 MB copied (48%), 3.1 s');
    // The estimate counts pages in use: a copy packed differently never reads past 99% early.
    expect(
      describeBackupProgress({ ...p, phase: 'copying', bytes: 250_000_000, elapsedMs: 6000 }),
    ).toBe('  250.0 MB of about 245.0 MB copied (99%), 6.0 s');
  });

  it('refuses backup on PostgreSQL with exit 2, before connecting', async () => {
    // Nothing listens on port 1: a connection attempt would fail with exit 1 instead.
    const code = await runAdmin(
      ['backup', '--out', 'x.db'],
      { ...env(), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      out,
    );
    expect(code).toBe(EXIT_USAGE);
    expect(errors.join('\n')).toContain('pg_dump');
  });

  it('reports a configuration error with exit 1', async () => {
    expect(await runAdmin(['list-keys'], { ...env(), DATABASE_URL: 'mysql://x' }, out)).toBe(
      EXIT_FAILED,
    );
    expect(errors.join('\n')).toContain('DATABASE_URL');
  });
});
