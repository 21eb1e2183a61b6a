/**
 * `troop add` and `troop list` of the admin CLI (troop-commands.ts): troops with their first
 * leaders, councils and troops of them, on a SQLite database of its own as the server's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, runAdmin } from './admin.ts';

describe('admin CLI: troops and councils (sqlite)', () => {
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

  it('makes troops with their first leaders, and lists them', async () => {
    expect(
      await admin(
        'create-user',
        '--email',
        'pat@troop45.example',
        '--password',
        'campfire-2026',
        '--role',
        'user',
      ),
    ).toBe(EXIT_OK);
    lines = [];
    expect(
      await admin(
        'troop',
        'add',
        '--number',
        '45',
        '--name',
        'Troop 45 Riverside',
        '--project',
        'troop-45',
        '--time-zone',
        'America/Denver',
        '--signup-mode',
        'approval',
        '--leader',
        'pat@troop45.example',
      ),
    ).toBe(EXIT_OK);
    expect(lines).toEqual([
      'Made Troop 45 Riverside (number 45), project id troop-45, time zone America/Denver.',
      'pat@troop45.example is its leader.',
    ]);
    lines = [];
    expect(
      await admin(
        'troop',
        'add',
        '--number',
        '7',
        '--name',
        'Pack 7',
        '--project',
        'pack_7',
        '--leader',
        'new@pack7.example',
      ),
    ).toBe(EXIT_OK);
    expect(lines[1]).toBe(
      'new@pack7.example has no account yet; send them this invitation, shown only once:',
    );
    expect(lines[2]).toMatch(/\/\?invite=\S+$/);

    // Taken, or not letters, digits, - and _: refused, saying why.
    for (const project of ['troop-45', 'troop/3']) {
      errors = [];
      expect(
        await admin('troop', 'add', '--number', '3', '--name', 'Troop 3', '--project', project),
      ).toBe(EXIT_FAILED);
      expect(errors.join('\n')).toMatch(project === 'troop-45' ? /already/ : /letters, digits/);
    }
    expect(await admin('troop', 'add', '--number', '3', '--project', 'troop-3')).toBe(EXIT_USAGE);
    expect(await admin('troop')).toBe(EXIT_USAGE);

    lines = [];
    expect(await admin('troop', 'list')).toBe(EXIT_OK);
    // By number; the first troop is the server's own (PROJECT_ID, unnamed and unnumbered until given them).
    expect(lines).toEqual([
      expect.stringMatching(/^pack_7 {2}troop {2}7 {2}Pack 7 {2}\S+ {2}\w+ {2}0 members$/),
      'troop-45  troop  45  Troop 45 Riverside  America/Denver  approval  1 member',
      expect.stringMatching(/^\S+ {2}troop {2}- {2}\(no name\) {2}\S+ {2}\w+ {2}1 member$/),
    ]);
    const db = new Database(path.join(dir, 'data', 'scout.db'), { readonly: true });
    try {
      expect(
        db
          .prepare(
            `SELECT u.email, m.role, m.status FROM memberships m JOIN users u ON u.id = m.user_id
              JOIN troops t ON t.id = m.troop_id WHERE t.project_id = 'troop-45'`,
          )
          .all(),
      ).toEqual([{ email: 'pat@troop45.example', role: 'leader', status: 'active' }]);
    } finally {
      db.close();
    }

    // A role is given in one troop, named by its number or project id; the first troop's stays.
    expect(
      await admin('set-role', '--email', 'pat@troop45.example', '--role', 'admin', '--troop', '45'),
    ).toBe(EXIT_OK);
    expect(
      await admin(
        'create-user',
        '--email',
        'sam@pack7.example',
        '--password',
        'campfire-2026',
        '--role',
        'leader',
        '--troop',
        'pack_7',
      ),
    ).toBe(EXIT_OK);
    errors = [];
    expect(
      await admin('set-role', '--email', 'pat@troop45.example', '--role', 'user', '--troop', '99'),
    ).toBe(EXIT_FAILED);
    expect(errors.join('\n')).toContain('99');
    const after = new Database(path.join(dir, 'data', 'scout.db'), { readonly: true });
    try {
      expect(
        after
          .prepare(
            `SELECT u.email, t.project_id, m.role FROM memberships m JOIN users u ON u.id = m.user_id
              JOIN troops t ON t.id = m.troop_id
              WHERE u.email IN ('pat@troop45.example', 'sam@pack7.example')
              ORDER BY u.email, t.project_id`,
          )
          .all(),
      ).toEqual([
        { email: 'pat@troop45.example', project_id: null, role: 'user' },
        { email: 'pat@troop45.example', project_id: 'troop-45', role: 'admin' },
        { email: 'sam@pack7.example', project_id: 'pack_7', role: 'leader' },
      ]);
    } finally {
      after.close();
    }
  });

  it('makes a council and troops of it, named by its number, project id or id, and lists councils first', async () => {
    const add = (...more: string[]) => admin('troop', 'add', ...more);
    expect(
      await add(
        '--number',
        '1',
        '--name',
        'Great Lakes',
        '--project',
        'council-gl',
        '--kind',
        'council',
      ),
    ).toBe(EXIT_OK);
    expect(lines).toEqual([
      expect.stringMatching(/^Made the council Great Lakes \(number 1\), project id council-gl, /),
    ]);
    lines = [];
    expect(
      await add('--number', '45', '--name', 'Troop 45', '--project', 'troop-45', '--council', '1'),
    ).toBe(EXIT_OK);
    expect(lines[0]).toMatch(/, a troop of the council council-gl\.$/);
    expect(
      await add(
        '--number',
        '9',
        '--name',
        'Troop 9',
        '--project',
        'troop-9',
        '--council',
        'council-gl',
      ),
    ).toBe(EXIT_OK);
    expect(await add('--number', '3', '--name', 'Troop 3', '--project', 'troop-3')).toBe(EXIT_OK);

    // No council by that name, a troop named as a council, a council of a council: refused, saying why.
    for (const [more, words] of [
      [['--council', '77'], 'No council has the project id 77'],
      [['--council', 'troop-45'], 'troop-45 is a troop, not a council'],
      [['--kind', 'council', '--council', '1'], 'A council belongs to no council'],
      [['--kind', 'pack'], 'troop or council'],
    ] as const) {
      errors = [];
      expect(await add('--number', '5', '--name', 'Troop 5', '--project', 'troop-5', ...more)).toBe(
        EXIT_FAILED,
      );
      expect(errors.join('\n')).toContain(words);
    }

    lines = [];
    expect(await admin('troop', 'list')).toBe(EXIT_OK);
    expect(lines).toEqual([
      expect.stringMatching(
        /^council-gl {2}council {2}1 {2}Great Lakes {2}\S+ {2}\w+ {2}0 members$/,
      ),
      expect.stringMatching(/^troop-3 {2}troop {2}3 {2}Troop 3 {2}\S+ {2}\w+ {2}0 members$/),
      expect.stringMatching(/^troop-9 {2}troop {2}9 .* {2}council council-gl {2}0 members$/),
      expect.stringMatching(/^troop-45 {2}troop {2}45 .* {2}council council-gl {2}0 members$/),
      expect.stringMatching(/^\S+ {2}troop {2}- {2}\(no name\) /),
    ]);
  });

  it('makes a council that accepts new troops with --accepts-troops, and refuses it for a troop', async () => {
    const add = (...more: string[]) => admin('troop', 'add', '--kind', 'council', ...more);
    expect(
      await add('--number', '5', '--name', 'Open', '--project', 'council-open', '--accepts-troops'),
    ).toBe(EXIT_OK);
    expect(lines[0]).toMatch(/, which accepts new troops at sign-up\.$/);
    expect(await add('--number', '6', '--name', 'Closed', '--project', 'council-closed')).toBe(
      EXIT_OK,
    );
    expect(
      await admin(
        'troop',
        'add',
        '--number',
        '7',
        '--name',
        'Troop 7',
        '--project',
        'troop-7',
        '--accepts-troops',
      ),
    ).toBe(EXIT_FAILED);
    expect(errors.join('\n')).toContain('Only a council accepts new troops');
    const db = new Database(path.join(dir, 'data', 'scout.db'), { readonly: true });
    try {
      expect(
        db
          .prepare('SELECT project_id, accepts_troops FROM troops WHERE kind = ? ORDER BY number')
          .all('council'),
      ).toEqual([
        { project_id: 'council-open', accepts_troops: 1 },
        { project_id: 'council-closed', accepts_troops: 0 },
      ]);
    } finally {
      db.close();
    }
  });
});
