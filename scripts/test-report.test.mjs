/**
 * The test run's time report (test-report.mjs) read from a run's results as the runner leaves
 * them: run with `node --test scripts/` (part of `npm run test:checks`).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { buildReport, parseTimes } from './test-report.mjs';

function resultsDir(e2e, server) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-report-'));
  const write = (name, value) => fs.writeFileSync(path.join(dir, name), JSON.stringify(value));
  write('stages.json', {
    wallSeconds: 100,
    stages: [{ name: 'test:e2e', ok: true, wallSeconds: 100, cpuSeconds: 40 }],
  });
  write('e2e.json', e2e);
  if (server) write('vitest-server.json', server);
  return dir;
}

const journey = (title, status, durations) => ({
  title,
  file: 'a.spec.ts',
  tests: [{ status, results: durations.map((duration) => ({ duration })) }],
});

test('bash times add up to seconds', () => {
  assert.equal(parseTimes('0m1.500s 0m0.500s\n1m0.000s 0m2.000s\n'), 64);
});

test('a journey that passed only on its second try is named, with both tries timed', () => {
  const report = buildReport(
    resultsDir({
      stats: { duration: 100_000 },
      suites: [
        {
          file: 'a.spec.ts',
          specs: [journey('steady', 'expected', [2000]), journey('shaky', 'flaky', [9000, 3000])],
        },
      ],
    }),
  );
  assert.match(
    report,
    /Journeys that passed only when tried again \(1\)\n\n- a\.spec\.ts: shaky\n/,
  );
  assert.match(report, /\| 1 \| a\.spec\.ts: shaky \| 12\.0 s \|/);
  assert.doesNotMatch(report, /- a\.spec\.ts: steady/);
});

test('a run where every journey passed first time says so', () => {
  const report = buildReport(
    resultsDir({ suites: [{ file: 'a.spec.ts', specs: [journey('steady', 'expected', [1000])] }] }),
  );
  assert.match(report, /Journeys that passed only when tried again: none\./);
  assert.match(report, /\| `test:e2e` \| 1 min 40 s \| 40\.0 s \|/);
});

test('a server test that failed, and one that passed only on its second try, are named with why', () => {
  const file = path.join(os.tmpdir(), 'server', 'src', 'a.test.ts');
  const result = (title, status, failureMessages) => ({
    ancestorTitles: ['a (sqlite)'],
    fullName: `a (sqlite) ${title}`,
    title,
    status,
    duration: 10,
    failureMessages,
  });
  const report = buildReport(
    resultsDir(
      { suites: [] },
      {
        numTotalTests: 3,
        numFailedTests: 1,
        startTime: 0,
        testResults: [
          {
            name: file,
            startTime: 0,
            endTime: 1000,
            assertionResults: [
              result('steady', 'passed', []),
              result('broken', 'failed', [
                'AssertionError: expected 1 to be 2\n    at a.test.ts:3',
              ]),
              result('shaky', 'passed', ['Error: no message frame within 5000 ms\n    at x']),
            ],
          },
        ],
      },
    ),
  );
  assert.match(
    report,
    /### Unit and API tests that failed \(1\)\n\n- server\/.*a\.test\.ts: a \(sqlite\) broken \(AssertionError: expected 1 to be 2\)\n/,
  );
  assert.match(
    report,
    /### Unit and API tests that passed only when tried again \(1\)\n\n- server\/.*a\.test\.ts: a \(sqlite\) shaky \(Error: no message frame within 5000 ms\)\n/,
  );
  assert.doesNotMatch(report, /steady/);
});
