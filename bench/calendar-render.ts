/**
 * `npm run bench:calendar --workspace server`: how long the calendar screen takes to show its
 * first event with 5,000 events in the troop, beside a floor: the same screen, same server build,
 * same browser, over a troop with no events (time to 'No Events Yet'). Both run in one go,
 * alternating, and the ratio of their medians is printed.
 *
 * Two real servers (server/src/main.ts) run on loopback ports, each on its own SQLite file in a
 * temp folder, serving a copy of the built SPA (so a rebuild elsewhere cannot change it mid-run).
 * Headless Chromium signs in through stored tokens, opens the dashboard, clicks View Calendar and
 * the page itself records the click time and the moment the first row (or the empty state) is
 * in the document and a frame has been painted.
 *
 * Settings: --runs / BENCH_RUNS (default 7), --events / BENCH_EVENTS (default 5000).
 * Needs the SPA built first: npm run build --workspace web.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { createUserWithRole } from '../server/src/admin/users.ts';
import { loadConfig } from '../server/src/config.ts';
import { migrate } from '../server/src/store/migrate.ts';
import { openSqliteStore } from '../server/src/store/sqlite.ts';
import { eventValues, noticesLongSent, SEEDED_EVENT_COLUMNS } from './bench-stores.ts';
import { freePort, mulberry32, startProcess, stopAll, waitFor } from './processes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.resolve(here, '../web/dist');
const TARGET_MS = 1000;
/** Events per list request of the calendar (web/src/screens/calendar/use-calendar-events.ts). */
const CALENDAR_PAGE = 1000;
const EMAIL = 'bench@troop.example';
const PASSWORD = 'bench-password';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: process.env.BENCH_RUNS || '7' },
    events: { type: 'string', default: process.env.BENCH_EVENTS || '5000' },
  },
});
const runs = Number(opts.runs);
const eventCount = Number(opts.events);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error('runs must be a whole number of at least 1');
if (!Number.isInteger(eventCount) || eventCount < 1) throw new Error('events must be at least 1');

const DAY_MS = 86_400_000;

/** A troop with one member and `events` events spread over two years before and after today. */
async function seed(dataDir: string, events: number): Promise<void> {
  const store = openSqliteStore(path.join(dataDir, 'scout.db'));
  try {
    await migrate(store);
    const now = Date.now();
    const user = await createUserWithRole(
      store,
      { email: EMAIL, password: PASSWORD, role: 'user', name: 'Bench Leader' },
      now,
    );
    const random = mulberry32(7);
    const insert = `INSERT INTO calendar_events (${SEEDED_EVENT_COLUMNS.join(', ')}) VALUES (${SEEDED_EVENT_COLUMNS.map(() => '?').join(', ')})`;
    await store.transaction(async (tx) => {
      for (let i = 0; i < events; i++) {
        const day = new Date(now + Math.floor((random() - 0.5) * 4 * 365) * DAY_MS);
        const created = new Date(now - (events - i) * 1000).toISOString();
        const id = `event_${now - i}_b${i.toString(36)}`;
        await tx.query(insert, eventValues(i, id, user.id, day, created, random));
      }
      await noticesLongSent(tx);
    });
  } finally {
    await store.close();
  }
}

function startServer(name: string, env: Record<string, string>): ChildProcess {
  return startProcess(name, 'src/main.ts', {
    REDIS_URL: '',
    DATABASE_URL: '',
    S3_BUCKET: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    ...env,
  });
}

interface Target {
  name: string;
  base: string;
  projectId: string;
  /** What the page waits for: the first event row, or the empty state. */
  ready: 'row' | 'empty';
  tokens: string;
}

async function signIn(base: string, projectId: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/signin/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD, projectId }),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200)
    throw new Error(`sign-in answered ${res.status}: ${JSON.stringify(body)}`);
  const { user: _user, ...tokens } = body;
  return JSON.stringify({ ...tokens, issued_at: Math.floor(Date.now() / 1000) });
}

/**
 * Runs in the page (a string, so this file needs no DOM types): notes the time of the next click,
 * then watches the document for the first event row or the empty state, and keeps the
 * milliseconds between in a promise, settled once a frame showing it has been painted.
 */
const WATCH_IN_PAGE = (ready: Target['ready']) => `(() => {
  let clickedAt = 0;
  document.addEventListener('click', () => { if (!clickedAt) clickedAt = performance.now(); }, { capture: true });
  const found = () => ${
    ready === 'row'
      ? `document.querySelector('ol[aria-label="Troop events"] > li')`
      : `[...document.querySelectorAll('h2')].find((h) => h.textContent === 'No Events Yet')`
  };
  window.__calendarShown = new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (!clickedAt || !found()) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - clickedAt), 0));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    setTimeout(() => reject(new Error('nothing shown within 30 s')), 30000);
  });
})()`;

async function measureOnce(
  browser: Browser,
  t: Target,
): Promise<{ ms: number; listRequests: number; bytes: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(
      ([key, value]) =>
        (
          globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
        ).localStorage.setItem(key, value),
      [`blink_tokens_${t.projectId}`, t.tokens] as const,
    );
    const page = await context.newPage();
    let listRequests = 0;
    let bytes = 0;
    page.on('response', (res) => {
      if (res.url().includes('/rest/v1/calendar_events') && res.request().method() === 'GET') {
        listRequests += 1;
        void res.body().then(
          (b) => (bytes += b.length),
          () => undefined,
        );
      }
    });
    await page.goto(`${t.base}/`);
    const view = page.getByRole('button', { name: 'View Calendar' });
    await view.waitFor({ state: 'visible', timeout: 30_000 });
    await page.evaluate(WATCH_IN_PAGE(t.ready));
    await view.click();
    const ms = (await page.evaluate('window.__calendarShown')) as number;
    await page.waitForLoadState('networkidle');
    return { ms, listRequests, bytes };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function main() {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    console.error('The SPA is not built: run npm run build --workspace web first.');
    process.exitCode = 1;
    return;
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-calendar-'));
  let browser: Browser | undefined;
  try {
    const webDir = path.join(root, 'web');
    fs.cpSync(webDist, webDir, { recursive: true });
    const projectId = loadConfig({}).projectId;
    const fullDir = path.join(root, 'full');
    const emptyDir = path.join(root, 'empty');
    fs.mkdirSync(fullDir);
    fs.mkdirSync(emptyDir);
    console.log(`Seeding ${eventCount.toLocaleString('en-US')} calendar events in ${fullDir} ...`);
    await seed(fullDir, eventCount);
    await seed(emptyDir, 0);

    const targets: Target[] = [];
    for (const [name, dataDir, ready] of [
      ['floor: 0 events, until No Events Yet', emptyDir, 'empty'],
      [`ours: ${eventCount.toLocaleString('en-US')} events, until the first row`, fullDir, 'row'],
    ] as const) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const child = startServer(name, {
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        WEB_DIR: webDir,
        PROJECT_ID: projectId,
      });
      await waitFor(`${base}/api/health`, child);
      targets.push({ name, base, projectId, ready, tokens: await signIn(base, projectId) });
    }

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    console.log(`Warming up; then ${runs} runs per target, alternating.`);
    for (const t of targets) await measureOnce(browser, t);
    const times = new Map<string, number[]>(targets.map((t) => [t.name, []]));
    let bytes = 0;
    for (let r = 0; r < runs; r++) {
      for (const t of targets) {
        const m = await measureOnce(browser, t);
        const pages = t.ready === 'row' ? Math.floor(eventCount / CALENDAR_PAGE) + 1 : 1;
        if (m.listRequests !== pages) {
          console.error(
            `${t.name}: the calendar made ${m.listRequests} list requests, expected ${pages}`,
          );
          process.exitCode = 1;
        }
        if (t.ready === 'row') bytes = m.bytes;
        times.get(t.name)?.push(m.ms);
        console.log(`  run ${r + 1} ${t.name.padEnd(44)} ${m.ms.toFixed(0).padStart(6)} ms`);
      }
    }

    const [floor, ours] = targets.map((t) => times.get(t.name) ?? []);
    const floorMedian = median(floor ?? []);
    const oursMedian = median(ours ?? []);
    console.log('');
    console.log(
      'Calendar: click on View Calendar -> first event row painted (same run, same build):',
    );
    for (const t of targets) {
      const xs = times.get(t.name) ?? [];
      console.log(
        `  ${t.name.padEnd(44)} median ${median(xs).toFixed(0).padStart(5)} ms  (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`,
      );
    }
    console.log(
      `  ${Math.floor(eventCount / CALENDAR_PAGE) + 1} list requests (pages of ${CALENDAR_PAGE.toLocaleString('en-US')}), ${(bytes / 1024).toFixed(0)} KB in all, for ${eventCount.toLocaleString('en-US')} events`,
    );
    console.log(
      `  ratio ours/floor ${(oursMedian / floorMedian).toFixed(2)}; ours ${oursMedian.toFixed(0)} ms (target < ${TARGET_MS} ms)${oursMedian < TARGET_MS ? '' : '  ABOVE TARGET'}`,
    );
  } finally {
    await browser?.close();
    await stopAll();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();
