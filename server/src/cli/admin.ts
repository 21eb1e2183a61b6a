/**
 * `npm run admin -- <command>`: operator commands on the database the server uses (same
 * DATA_DIR / DATABASE_URL). Argument handling only; the work is done by admin/*.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BackupUnsupportedError, PG_BACKUP_ADVICE, backupDatabase } from '../admin/backup.ts';
import { issueServiceKey, listServiceKeys, revokeServiceKey } from '../admin/service-keys.ts';
import { createUserWithRole, setUserRole, troopForOperator } from '../admin/users.ts';
import { systemClock } from '../clock.ts';
import type { RolesConfig } from '@scout/protocol/permissions';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { ApiError } from '../errors.ts';
import { migrate } from '../store/migrate.ts';
import { openStore } from '../store/open-store.ts';
import type { Store } from '../store/store.ts';
import { troopCommands } from './troop-commands.ts';
import { USAGE } from './usage.ts';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
/** Wrong usage, or a command this database does not support. */
export const EXIT_USAGE = 2;

export interface Output {
  log(line: string): void;
  error(line: string): void;
}

export interface CommandSpec {
  required: string[];
  optional?: string[];
  /** Refused before touching a PostgreSQL database at all. */
  sqliteOnly?: boolean;
  run(store: Store, flags: Record<string, string>, out: Output, io: CommandIo): Promise<void>;
}

export interface CommandIo {
  /** The roles configuration in use (ROLES_FILE or the default). */
  roles: RolesConfig;
  /** The server's configuration: a new troop's settings left out are its. */
  config: Config;
  now: number;
  /** Where relative paths on the command line start: the directory npm was run from. */
  cwd: string;
  readStdin(): Promise<string>;
}

import { describeBackupProgress, seconds } from './backup-progress.ts';

export { describeBackupProgress };

const COMMANDS: Record<string, CommandSpec> = {
  'create-user': {
    required: ['email', 'password', 'role'],
    optional: ['name', 'troop'],
    async run(store, f, out, io) {
      const password =
        f.password === '-' ? (await io.readStdin()).replace(/\r?\n$/, '') : (f.password as string);
      const user = await createUserWithRole(
        store,
        {
          email: f.email as string,
          password,
          role: f.role as string,
          name: f.name,
          troop: f.troop,
        },
        io.now,
        io.roles,
      );
      out.log(`Created ${user.role} account ${user.email} (id ${user.id}).`);
    },
  },
  'set-role': {
    required: ['email', 'role'],
    optional: ['troop'],
    async run(store, f, out, io) {
      const user = await setUserRole(
        store,
        f.email as string,
        f.role as string,
        io.now,
        io.roles,
        f.troop,
      );
      out.log(`${user.email} now has the role ${user.role}.`);
    },
  },
  'issue-key': {
    required: ['name'],
    optional: ['troop', 'platform'],
    async run(store, f, out, io) {
      if (f.platform && f.troop) throw new ApiError('VALIDATION_ERROR', PLATFORM_OR_TROOP);
      // A key acts in one troop (the first unless --troop names another); --platform makes one
      // that acts in every troop, as the operator's backups and scripts may need.
      const troopId = f.platform ? null : await troopForOperator(store, f.troop);
      const { id, key } = await issueServiceKey(store, f.name as string, io.now, troopId);
      out.log(
        `Issued service key ${id} for ${troopId === null ? 'every troop' : `troop ${troopId}`}. Keep it now: it is shown only this once.`,
      );
      out.log(key);
    },
  },
  'revoke-key': {
    required: ['id'],
    async run(store, f, out, io) {
      const key = await revokeServiceKey(store, f.id as string, io.now);
      out.log(`Service key ${key.id} (${key.name}) is revoked since ${key.revokedAt ?? ''}.`);
    },
  },
  'list-keys': {
    required: [],
    async run(store, _f, out) {
      const keys = await listServiceKeys(store);
      if (keys.length === 0) {
        out.log('No service keys.');
        return;
      }
      for (const k of keys)
        out.log(
          [
            k.id,
            k.createdAt,
            k.revokedAt ? `revoked ${k.revokedAt}` : 'active',
            k.troopId === null ? 'every troop' : `troop ${k.troopId}`,
            k.name,
          ].join('  '),
        );
    },
  },
  backup: {
    required: ['out'],
    sqliteOnly: true,
    async run(store, f, out, io) {
      // Interrupted (Ctrl-C, or a scheduler's time limit), it removes its partial copy first.
      const stop = new AbortController();
      const onSignal = () => stop.abort();
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      let result;
      try {
        // Progress goes to standard error, so standard output keeps only the result.
        result = await backupDatabase(store, path.resolve(io.cwd, f.out as string), {
          onProgress: (p) => out.error(describeBackupProgress(p)),
          signal: stop.signal,
        });
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
      out.log(
        `Backed up to ${result.file} (${result.bytes} bytes) in ${seconds(result.elapsedMs)}.`,
      );
    },
  },
  ...troopCommands,
};

const PLATFORM_OR_TROOP =
  'A key is for one troop (--troop) or for every troop (--platform), not both';

/** Flags that take no value. */
const SWITCHES = ['platform', 'accepts-troops'] as const;

const FLAGS = [
  'email',
  'password',
  'role',
  'name',
  'id',
  'out',
  'number',
  'project',
  'time-zone',
  'signup-mode',
  'contact',
  'leader',
  'troop',
  'kind',
  'council',
] as const;

/** Commands of two words (`troop add`): the first names a group of commands. */
const GROUPS = new Set(['troop']);

function parse(argv: string[]): { command: CommandSpec; flags: Record<string, string> } | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        ...Object.fromEntries(FLAGS.map((f) => [f, { type: 'string' as const }])),
        ...Object.fromEntries(SWITCHES.map((f) => [f, { type: 'boolean' as const }])),
      },
    });
  } catch (err) {
    return (err as Error).message;
  }
  const [first, ...rest] = parsed.positionals;
  if (!first) return 'No command given.';
  const grouped = GROUPS.has(first);
  if (grouped && !rest[0]) return `${first} needs a command: ${first} add, ${first} list.`;
  const name = grouped ? `${first} ${rest[0]}` : first;
  const extra = grouped ? rest.slice(1) : rest;
  const command = COMMANDS[name];
  if (!command) return `Unknown command "${name}".`;
  if (extra.length > 0) return `Unexpected argument "${extra[0]}".`;
  const flags = parsed.values as Record<string, string | undefined>;
  const allowed = new Set([...command.required, ...(command.optional ?? [])]);
  for (const [flag, value] of Object.entries(flags)) {
    if (value !== undefined && !allowed.has(flag)) return `${name} takes no --${flag}.`;
  }
  for (const flag of command.required) {
    if (!flags[flag]) return `${name} needs --${flag}.`;
  }
  return { command, flags: flags as Record<string, string> };
}

const readStdin = async () => {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** Runs one command and returns the exit code; it never exits the process itself. */
export async function runAdmin(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  out: Output = console,
): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') {
    out.log(USAGE);
    return argv.length === 0 ? EXIT_USAGE : EXIT_OK;
  }
  const parsed = parse(argv);
  if (typeof parsed === 'string') {
    out.error(`${parsed}\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    out.error(`Configuration error: ${err.message}`);
    return EXIT_FAILED;
  }
  if (parsed.command.sqliteOnly && config.databaseUrl) {
    out.error(PG_BACKUP_ADVICE);
    return EXIT_USAGE;
  }
  if (!config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(store);
    await parsed.command.run(store, parsed.flags, out, {
      roles: config.roles,
      config,
      now: systemClock.now(),
      cwd: config.invocationDir ?? process.cwd(),
      readStdin,
    });
    return EXIT_OK;
  } catch (err) {
    if (err instanceof BackupUnsupportedError) {
      out.error(err.message);
      return EXIT_USAGE;
    }
    if (err instanceof ApiError) {
      out.error(err.message);
      return EXIT_FAILED;
    }
    out.error(`Failed: ${(err as Error).message ?? String(err)}`);
    return EXIT_FAILED;
  } finally {
    await store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await runAdmin(process.argv.slice(2));
}
