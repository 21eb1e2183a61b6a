/**
 * `npm run bench:first-load`: what a phone downloads before the auth screen first paints, and
 * Lighthouse 12 (mobile preset: simulated slow 4G and a slowed CPU, the system Chromium) on the
 * auth screen and on the dashboard of a signed-in member.
 *
 * Goals: at most 90 kB (gzip) of JavaScript before the auth screen paints; performance at least
 * 0.95 and accessibility 1.0 on both screens.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { freePort, startProcess, stopAll, waitFor } from './processes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Loaded {
  url: string;
  type: string;
  wireBytes: number;
}

/** The gzip size of a built file, from the copy the build wrote beside it. */
function gzipBytes(url: string): number {
  const file = path.join(webDist, new URL(url).pathname);
  try {
    return fs.statSync(`${file}.gz`).size;
  } catch {
    return fs.existsSync(file) ? fs.statSync(file).size : 0;
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-load-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const debugPort = await freePort();
  const server = startProcess('server', 'dist/main.js', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      `--remote-debugging-port=${debugPort}`,
    ],
  });
  try {
    await waitFor(`${base}/api/health`, server);

    // 1. Bytes before the auth screen paints.
    const context = await browser.newContext();
    const page = await context.newPage();
    const loaded: Loaded[] = [];
    page.on('requestfinished', async (req) => {
      const sizes = await req.sizes().catch(() => null);
      loaded.push({
        url: req.url(),
        type: req.resourceType(),
        wireBytes: sizes?.responseBodySize ?? 0,
      });
    });
    await page.goto(base);
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    const scripts = loaded.filter((r) => r.type === 'script');
    const jsGzip = scripts.reduce((n, r) => n + gzipBytes(r.url), 0);
    const jsWire = scripts.reduce((n, r) => n + r.wireBytes, 0);
    const cssGzip = loaded
      .filter((r) => r.type === 'stylesheet')
      .reduce((n, r) => n + gzipBytes(r.url), 0);
    console.log(
      `before the auth screen paints: ${scripts.length} scripts, ${(jsGzip / 1024).toFixed(1)} kB gzip (${(jsWire / 1024).toFixed(1)} kB sent, brotli), CSS ${(cssGzip / 1024).toFixed(1)} kB gzip (goal: JavaScript <= 90 kB gzip)`,
    );
    for (const s of scripts)
      console.log(`  ${new URL(s.url).pathname}  ${(gzipBytes(s.url) / 1024).toFixed(1)} kB gzip`);

    // 2. Lighthouse on the auth screen, then on the dashboard with a member signed in.
    const auditAuth = await lighthouse(base, {
      port: debugPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const res = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench.${Date.now()}@troop.example`,
        password: 'first-load-2026',
        displayName: 'Morgan Lee',
        projectId: 'scout-troop',
      }),
    });
    const session = (await res.json()) as Record<string, unknown>;
    // Runs in the page, where localStorage exists; this file is type-checked for Node.
    type PageGlobal = { localStorage: { setItem(key: string, value: string): void } };
    await page.evaluate(
      (tokens) =>
        (globalThis as unknown as PageGlobal).localStorage.setItem(
          'blink_tokens_scout-troop',
          JSON.stringify(tokens),
        ),
      {
        access_token: session.access_token,
        refresh_token: session.refresh_token,
        token_type: 'Bearer',
        expires_in: session.expires_in,
        refresh_expires_in: session.refresh_expires_in,
        issued_at: Math.floor(Date.now() / 1000),
      },
    );
    await page.reload();
    await page.getByRole('heading', { name: /Good Evening/ }).waitFor();
    const auditDashboard = await lighthouse(base, {
      port: debugPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    });
    for (const [name, audit] of [
      ['auth screen', auditAuth],
      ['dashboard', auditDashboard],
    ] as const) {
      const lhr = audit?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for the ${name}`);
      const perf = lhr.categories.performance?.score ?? NaN;
      const a11y = lhr.categories.accessibility?.score ?? NaN;
      const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
      const fcp = lhr.audits['first-contentful-paint']?.numericValue ?? NaN;
      const tbt = lhr.audits['total-blocking-time']?.numericValue ?? NaN;
      console.log(
        `Lighthouse mobile, ${name}: performance ${perf.toFixed(2)} (goal >= 0.95), accessibility ${a11y.toFixed(2)} (goal 1.0); FCP ${(fcp / 1000).toFixed(2)} s, LCP ${(lcp / 1000).toFixed(2)} s, TBT ${tbt.toFixed(0)} ms`,
      );
      if (a11y < 1) {
        for (const a of Object.values(lhr.audits))
          if (a.score === 0 && lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id))
            console.log(`  accessibility: ${a.id}: ${a.title}`);
      }
    }
  } finally {
    await browser.close();
    await stopAll();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
