/**
 * Every web-data call that reads a page (extract-from-url, fetch, scrape with every format at once,
 * a full-page screenshot) over every page of the hostile fixture set (server/test/hostile-pages.ts
 * and the site's HTTP redirect loop), on the real Chromium: none answers a 5xx but 502, 503 or
 * 504, every error carries a code of the catalogue, nothing is logged as unhandled, and the same
 * browser serves a normal page after them all. One browser and one fixture site for the file, and
 * two apps on them: the pages that can only end at their deadline get a short one, the others a
 * deadline they never reach, so that what they answer does not depend on the machine's speed. The
 * rows run one after the other, the calls of each at once (the pool opens two pages at a time).
 * The store plays no part: SQLite only.
 */
import { API_ERROR_CODES } from '@scout/protocol/errors';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUGE_DOM_ELEMENTS, SCRIPT_DOM_ELEMENTS, SETTLED_PAGE } from '../../test/hostile-pages.ts';
import {
  buildDataTestApp,
  chromiumPerFile,
  launchedChromiumPids,
  type DataTestApp,
} from '../../test/web-data.ts';
import { SCRAPE_FORMATS, scrapeFormats } from './scrape-formats.ts';

/** For pages that never finish: what they answer comes at their deadline. */
const SHORT_DEADLINE_MS = 1500;
/** For the others: a ceiling, far above what they take even on a busy machine. */
const LONG_DEADLINE_MS = 25_000;

const web = chromiumPerFile();
let patient: DataTestApp;
let hasty: DataTestApp;
let browserPids: number[];

const appWith = (timeoutMs: number) =>
  buildDataTestApp({ webData: { browser: web.pool, timeoutMs, callsPerMinute: 100_000 } });

beforeAll(async () => {
  [patient, hasty] = await Promise.all([appWith(LONG_DEADLINE_MS), appWith(SHORT_DEADLINE_MS)]);
  // The browser is launched here, before any hostile page, so that the file can show the same
  // browser served every row.
  await web.pool.withPage({ width: 200, height: 200 }, (page) => page.setContent('<p>ready</p>'));
  browserPids = launchedChromiumPids();
  expect(browserPids).toHaveLength(1);
  // The libraries that read pages load on first use: here, not inside a row's deadline.
  scrapeFormats('<p>ready</p>', 'http://127.0.0.1/', SCRAPE_FORMATS);
});

afterAll(async () => {
  for (const t of [patient, hasty]) {
    expect(t.logs()).not.toMatch(/unhandled error|"level":50/);
    expect(t.net.stray).toEqual([]);
    await t.close();
  }
});

type Answer = 200 | readonly [status: number, code: string];

interface HostileCase {
  /** The page, on the fixture site. */
  path: string;
  /** Only its deadline ends it: asked of the app with the short one. */
  endless?: true;
  /** What scrape (every format at once) answers. */
  scrape: Answer;
  /** What a full-page screenshot answers, when not what scrape does. */
  screenshot?: Answer;
  /** What extract-from-url answers, when it matters. */
  extract?: Answer;
  /** What a successful scrape's markdown shows. */
  shows?: string;
  /** Where a successful scrape says the page ended up. */
  endsAt?: string;
}

const timeout: Answer = [504, 'DATA_TARGET_TIMEOUT'];
const unstable: Answer = [502, 'DATA_PAGE_UNSTABLE'];
const settled = { scrape: 200, shows: '# Spring Camporee 2026', endsAt: SETTLED_PAGE } as const;

const CASES: Record<string, HostileCase> = {
  'navigates once by meta refresh': { path: '/hostile/meta-refresh', ...settled },
  'navigates once from a script while loading': { path: '/hostile/script-redirect', ...settled },
  'navigates once after its load event': { path: '/hostile/navigate-after-load', ...settled },
  'refreshes itself every 0 s': { path: '/hostile/meta-refresh-loop', scrape: unstable },
  'sets location for ever': { path: '/hostile/script-loop', scrape: unstable },
  'redirects to itself over HTTP': {
    path: '/redirect-loop',
    scrape: [502, 'DATA_TARGET_UNREACHABLE'],
    extract: [502, 'DATA_TARGET_UNREACHABLE'],
  },
  'runs a script that never ends while loading': {
    path: '/hostile/endless-script',
    endless: true,
    scrape: timeout,
  },
  'runs a script that never ends once loaded': {
    path: '/hostile/endless-after-load',
    endless: true,
    scrape: timeout,
  },
  // Too many elements to read in its HTML already (extraction reads only that), and many more once
  // its script ran (what scrape counts).
  [`has ${HUGE_DOM_ELEMENTS} elements, and ${SCRIPT_DOM_ELEMENTS} more made by its script`]: {
    path: '/hostile/huge-dom?script',
    scrape: [413, 'DATA_CAPTURE_TOO_LARGE'],
    screenshot: 200,
    extract: [502, 'DATA_TARGET_TOO_LARGE'],
  },
  'opens popups, alerts, prompts and prints': {
    path: '/hostile/popups-and-dialogs',
    scrape: 200,
    shows: '# Popups and dialogs',
  },
};

const CODES: readonly string[] = API_ERROR_CODES;

/** Never a 5xx but 502, 503 or 504; every error JSON with a code of the catalogue. */
function expectMeant(res: LightMyRequestResponse, call: string) {
  const meant = res.statusCode < 500 || [502, 503, 504].includes(res.statusCode);
  expect(meant, `${call} answered ${res.statusCode}: ${res.body.slice(0, 300)}`).toBe(true);
  if (res.statusCode < 400) return;
  expect(res.headers['content-type'], call).toMatch(/^application\/json/);
  expect(CODES, `${call}: ${res.body}`).toContain(res.json().code);
}

const answerOf = (res: LightMyRequestResponse): Answer =>
  res.statusCode === 200 ? 200 : [res.statusCode, res.json<{ code: string }>().code];

describe('web data over pages that fight a capture', () => {
  it.each(Object.entries(CASES))('a page that %s', async (_name, c) => {
    const t = c.endless ? hasty : patient;
    const url = `${web.site.origin}${c.path}`;
    const [extract, fetched, scrape, shot] = await Promise.all([
      t.post('extract-from-url', { url }, t.leader),
      t.post('fetch', { url }, t.leader),
      t.post('scrape', { url, formats: [...SCRAPE_FORMATS] }, t.leader),
      t.post('screenshot', { url, fullPage: true, width: 400, height: 300 }, t.leader),
    ]);
    expectMeant(extract, 'extract-from-url');
    expectMeant(fetched, 'fetch');
    expectMeant(scrape, 'scrape');
    expectMeant(shot, 'screenshot');

    expect(answerOf(scrape), `scrape: ${scrape.body.slice(0, 300)}`).toEqual(c.scrape);
    expect(answerOf(shot), `screenshot: ${shot.body.slice(0, 300)}`).toEqual(
      c.screenshot ?? c.scrape,
    );
    if (c.extract) expect(answerOf(extract), 'extract-from-url').toEqual(c.extract);
    if (c.shows) expect(scrape.json().markdown).toContain(c.shows);
    if (c.endsAt) expect(scrape.json().metadata.url).toBe(`${web.site.origin}${c.endsAt}`);
  });

  it('the same browser serves a normal page after them all', async () => {
    const res = await patient.post(
      'scrape',
      { url: `${web.site.origin}/files/js-page.html` },
      patient.leader,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().markdown).toContain('# Rendered by script');
    expect(launchedChromiumPids()).toEqual(browserPids);
  });
});
