/**
 * Runs npm scripts side by side and fails when any of them fails: `npm test` runs the type,
 * lint and format checks and the unit and API suites beside the browser journeys, which spend
 * much of their time waiting on a browser and a server rather than on the processor. Each line
 * of output names its script.
 *
 *   node scripts/run-together.mjs test:checks test:unit test:e2e
 *
 * Each script's wall time and the processor time of everything it ran are kept in
 * `test-results/stages.json`, and the test report (`scripts/test-report.mjs`) is printed at the
 * end: where the time of a run went, and what each stage waited on.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseTimes, writeReport } from './test-report.mjs';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-together.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });

/**
 * Node cannot read the processor time of a child's whole tree, so each script runs under bash,
 * whose `times` reports the user and system time of every process it has waited for, theirs
 * included (Chromium under Playwright, the workers under Vitest).
 */
const TIMED = 'npm run "$1"; status=$?; times > "$2"; exit $status';

const started = Date.now();
const children = scripts.map(
  (name) =>
    new Promise((resolve) => {
      const timesFile = path.join(resultsDir, `times-${name.replaceAll(':', '-')}.txt`);
      const begin = Date.now();
      const child = spawn('bash', ['-c', TIMED, 'run', name, timesFile], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        readline
          .createInterface({ input: from })
          .on('line', (line) => to.write(`[${name}] ${line}\n`));
      }
      child.on('close', (code, signal) => {
        const ok = code === 0;
        console.log(`[${name}] ${ok ? 'passed' : `failed (${signal ?? `exit ${code}`})`}`);
        let cpuSeconds = null;
        try {
          cpuSeconds = parseTimes(fs.readFileSync(timesFile, 'utf8'));
          fs.rmSync(timesFile);
        } catch {
          // Killed before `times` ran: the stage keeps its wall time only.
        }
        resolve({ name, ok, wallSeconds: (Date.now() - begin) / 1000, cpuSeconds });
      });
    }),
);

const stages = await Promise.all(children);
fs.writeFileSync(
  path.join(resultsDir, 'stages.json'),
  JSON.stringify({ wallSeconds: (Date.now() - started) / 1000, stages }, null, 2),
);
try {
  console.log(writeReport(resultsDir));
} catch (err) {
  console.log(`No test report: ${err instanceof Error ? err.message : String(err)}`);
}
process.exit(stages.every((s) => s.ok) ? 0 : 1);
