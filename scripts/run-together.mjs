/**
 * Runs npm scripts side by side and fails when any of them fails: `npm test` runs the type,
 * lint and format checks and the unit and API suites beside the browser journeys, which spend
 * much of their time waiting on a browser and a server rather than on the processor. Each line
 * of output names its script.
 *
 *   node scripts/run-together.mjs test:checks test:unit test:e2e
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-together.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

const children = scripts.map(
  (name) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
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
        resolve(ok);
      });
    }),
);

const results = await Promise.all(children);
process.exit(results.every(Boolean) ? 0 : 1);
