/**
 * Where the time of a test run went: each stage of `.ci/run` (install, checks, each workspace's
 * unit suite, the server's tests on each store, the browser journeys) with its wall time, the
 * processor time it used and so what it waited on, then the ten slowest test files and the ten
 * slowest journeys. Read from what the run leaves in `test-results/`:
 *
 * - `install.json`: `.ci/run`'s install steps, in seconds;
 * - `stages.json`: `scripts/run-together.mjs`, a wall and processor time per npm script;
 * - `vitest-<workspace>.json`: each workspace's Vitest JSON report;
 * - `e2e.json`: Playwright's JSON report.
 *
 *   node scripts/test-report.mjs            prints the report of the last run
 *
 * The report is also written to `test-results/report.md`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WORKSPACES = ['protocol', 'sdk', 'server', 'web'];
/** Server suites name their store in their title: `describe.each(testStoreKinds)('... (%s)')`. */
const STORES = [
  ['postgres', 'PostgreSQL'],
  ['sqlite', 'SQLite'],
];

/** bash's `times`: the shell's own user and system time, then its children's. */
export function parseTimes(text) {
  const seconds = (field) => {
    const m = /^(\d+)m([\d.]+)s$/.exec(field);
    if (!m) throw new Error(`unreadable time ${field}`);
    return Number(m[1]) * 60 + Number(m[2]);
  };
  const lines = text.trim().split('\n');
  return lines
    .flatMap((line) => line.trim().split(/\s+/))
    .reduce((sum, field) => sum + seconds(field), 0);
}

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

const fmt = (seconds) =>
  seconds >= 60
    ? `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`
    : `${seconds.toFixed(1)} s`;

/** What a stage's processor time says it waited on. */
function waitsOn(cpu, wall) {
  if (cpu === null || cpu === undefined || wall <= 0) return '';
  const share = cpu / wall;
  const cores = `${share.toFixed(2)} cores busy`;
  if (share >= 0.85) return `the processor (${cores})`;
  return `less than a core busy: a browser, servers, timers, or other stages on the cores (${cores})`;
}

/**
 * One workspace's Vitest run: its wall time, its files, for the server time per store, and the
 * tests that failed or passed only when tried again (a passed test that kept a failure message),
 * each with its file and the first line of its first failure.
 */
function vitestSuite(report, workspace, root) {
  const files = report.testResults ?? [];
  const start = report.startTime ?? Math.min(...files.map((f) => f.startTime));
  const end = Math.max(start, ...files.map((f) => f.endTime ?? start));
  const byStore = new Map(STORES.map(([key]) => [key, 0]));
  const failures = [];
  const retried = [];
  for (const file of files) {
    const fileName = `${workspace}/${path.relative(path.join(root, workspace), file.name)}`;
    for (const test of file.assertionResults ?? []) {
      const titles = (test.ancestorTitles ?? []).join(' ');
      const store = STORES.find(([key]) => titles.includes(`(${key})`))?.[0];
      if (store) byStore.set(store, byStore.get(store) + (test.duration ?? 0) / 1000);
      const messages = test.failureMessages ?? [];
      if (test.status !== 'failed' && messages.length === 0) continue;
      const why = String(messages[0] ?? '')
        .split('\n')[0]
        .slice(0, 200);
      (test.status === 'failed' ? failures : retried).push(
        `- ${fileName}: ${test.fullName ?? test.title}${why ? ` (${why})` : ''}`,
      );
    }
  }
  return {
    workspace,
    wall: (end - start) / 1000,
    tests: report.numTotalTests ?? 0,
    failed: report.numFailedTests ?? 0,
    byStore,
    failures,
    retried,
    files: files.map((f) => ({
      name: `${workspace}/${path.relative(path.join(root, workspace), f.name)}`,
      seconds: ((f.endTime ?? 0) - (f.startTime ?? 0)) / 1000,
    })),
  };
}

/**
 * Every journey of Playwright's JSON report, with the time its tries took together, and whether
 * it passed only when tried again (CI gives a journey a second try; one that needed it is named
 * in the report, so a journey that fails now and then is seen, not hidden).
 */
function journeys(report) {
  const out = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const seconds = (test.results ?? []).reduce((s, r) => s + (r.duration ?? 0), 0) / 1000;
        out.push({
          name: `${spec.file ?? file}: ${spec.title}`,
          seconds,
          flaky: test.status === 'flaky',
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return out;
}

const slowest = (items, n = 10) =>
  [...items]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, n)
    .map((item, i) => `| ${i + 1} | ${item.name.replaceAll('|', '\\|')} | ${fmt(item.seconds)} |`);

/** The unit and API tests that failed, and those that passed only on their second try. */
function unitTestTrouble(suites) {
  const section = (title, lines) =>
    lines.length === 0 ? [] : [`### ${title} (${lines.length})`, '', ...lines, ''];
  return [
    ...section(
      'Unit and API tests that failed',
      suites.flatMap((s) => s.failures),
    ),
    ...section(
      'Unit and API tests that passed only when tried again',
      suites.flatMap((s) => s.retried),
    ),
  ];
}

/** The journeys that failed their first try and passed their second. */
function secondTries(journeyList) {
  const flaky = journeyList.filter((j) => j.flaky);
  if (flaky.length === 0) return ['Journeys that passed only when tried again: none.', ''];
  return [
    `### Journeys that passed only when tried again (${flaky.length})`,
    '',
    ...flaky.map((j) => `- ${j.name}`),
    '',
  ];
}

export function buildReport(resultsDir) {
  const root = path.resolve(resultsDir, '..');
  const install = readJson(path.join(resultsDir, 'install.json'));
  const run = readJson(path.join(resultsDir, 'stages.json'));
  if (!run) throw new Error(`no ${path.join(resultsDir, 'stages.json')}: run npm test first`);

  const rows = [];
  for (const [key, label] of [
    ['chromiumSeconds', 'install: Chromium (apt-get, when missing)'],
    ['npmSeconds', 'install: `npm ci` (and the build it runs)'],
  ]) {
    if (install?.[key] !== undefined)
      rows.push(`| ${label} | ${fmt(install[key])} | | the network and the disk |`);
  }
  for (const stage of run.stages) {
    const cpu = stage.cpuSeconds === null ? '' : fmt(stage.cpuSeconds);
    const status = stage.ok ? '' : ' (failed)';
    rows.push(
      `| \`${stage.name}\`${status} | ${fmt(stage.wallSeconds)} | ${cpu} | ${waitsOn(stage.cpuSeconds, stage.wallSeconds)} |`,
    );
  }
  rows.push(`| all of \`npm test\`'s stages, side by side | ${fmt(run.wallSeconds)} | | |`);

  const suites = WORKSPACES.flatMap((ws) => {
    const report = readJson(path.join(resultsDir, `vitest-${ws}.json`));
    return report ? [vitestSuite(report, ws, root)] : [];
  });
  const suiteRows = suites.map((s) => {
    const stores =
      s.workspace === 'server'
        ? STORES.map(([key, label]) => `${label} ${fmt(s.byStore.get(key))}`).join(', ')
        : '';
    return `| ${s.workspace} | ${fmt(s.wall)} | ${s.files.length} | ${s.tests} | ${stores} |`;
  });

  const e2e = readJson(path.join(resultsDir, 'e2e.json'));
  const journeyList = e2e ? journeys(e2e) : [];
  const e2eWall = e2e?.stats?.duration !== undefined ? fmt(e2e.stats.duration / 1000) : '';

  return [
    '## Where the time of the test run went',
    '',
    '| stage | wall | processor | waits on |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    "Unit and API suites (the server's in `test:server`, the others one after another in `test:packages`; the server time per store is the sum of its tests' own times):",
    '',
    '| workspace | wall | files | tests | server tests per store |',
    '| --- | --- | --- | --- | --- |',
    ...suiteRows,
    '',
    ...unitTestTrouble(suites),
    `Browser journeys: ${journeyList.length}${e2eWall ? `, ${e2eWall}` : ''}.`,
    '',
    '### The ten slowest test files',
    '',
    '| # | file | wall |',
    '| --- | --- | --- |',
    ...slowest(suites.flatMap((s) => s.files)),
    '',
    '### The ten slowest journeys',
    '',
    '| # | journey | wall |',
    '| --- | --- | --- |',
    ...slowest(journeyList),
    '',
    ...secondTries(journeyList),
  ].join('\n');
}

export function writeReport(resultsDir) {
  const report = buildReport(resultsDir);
  fs.writeFileSync(path.join(resultsDir, 'report.md'), report);
  return report;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results');
  console.log(writeReport(dir));
}
