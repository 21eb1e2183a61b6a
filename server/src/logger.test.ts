import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FLUSH_INTERVAL_MS, openLogger } from './logger.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the process log', () => {
  afterEach(() => vi.useRealTimers());

  it('writes a line of a quiet server within the flush interval', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-log-'));
    const file = path.join(dir, 'out.log');
    const fd = fs.openSync(file, 'w');
    try {
      const logger = openLogger('info', fd);
      const stream = (logger as unknown as Record<symbol, NodeJS.EventEmitter>)[
        pino.symbols.streamSym
      ];
      logger.info({ status: 200 }, 'request');
      // Gathered, not yet written: one line is far below a write's worth.
      expect(fs.readFileSync(file, 'utf8')).toBe('');
      const written = new Promise((resolve) => stream?.once('write', resolve));
      vi.advanceTimersByTime(FLUSH_INTERVAL_MS);
      await written;
      const line = JSON.parse(fs.readFileSync(file, 'utf8').trim()) as Record<string, unknown>;
      expect(line).toMatchObject({ level: 30, status: 200, msg: 'request' });
    } finally {
      fs.closeSync(fd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes every gathered line when the process exits', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-log-exit-'));
    const script = path.join(dir, 'log-and-exit.mts');
    fs.writeFileSync(
      script,
      `import { openLogger } from ${JSON.stringify(path.join(serverDir, 'src/logger.ts'))};
const logger = openLogger('info');
for (let i = 0; i < 3; i++) logger.info({ i }, 'line');
process.exit(0);`,
    );
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
        cwd: serverDir,
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status, run.stderr).toBe(0);
      const lines = run.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { i: number });
      expect(lines.map((l) => l.i)).toEqual([0, 1, 2]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
