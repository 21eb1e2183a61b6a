/**
 * scrape and screenshot (docs/protocol.md, Web data): a page loaded in the shared Chromium with
 * every request answered by the gateway (browser-routing.ts), JavaScript run, then either its
 * formats (scrape-formats.ts) or a PNG stored through the storage service. One deadline for the
 * page to load; a short wait for the network to settle so script-rendered content is there; one
 * byte total for everything the page loads (capture-budget.ts), past which it answers 413.
 */
import fsp from 'node:fs/promises';
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  DATA_CAPTURE_MAX_BYTES,
  SCREENSHOT_MAX_HEIGHT,
  SCREENSHOT_MAX_PAGE_HEIGHT,
  SCREENSHOT_MAX_WIDTH,
} from '@scout/protocol/limits';
import { z } from 'zod';
import { ApiError } from '../errors.ts';
import type { StorageActor } from '../storage/paths.ts';
import { discardTempFile } from '../storage/receive-upload.ts';
import { storeUpload, type StorageContext } from '../storage/storage-service.ts';
import type { BrowserPool } from './browser-pool.ts';
import { browserUnavailable } from './browser-pool.ts';
import { createByteBudget } from './capture-budget.ts';
import { routeThroughGateway, type RoutingReport } from './browser-routing.ts';
import { startGatewayProxy } from './gateway-proxy.ts';
import { SCRAPE_FORMATS, scrapeFormats } from './scrape-formats.ts';
import { outboundApiError, type WebDataContext } from './web-data-context.ts';

export const scrapeRequest = z.object({
  url: z.string().max(8192),
  formats: z.array(z.enum(SCRAPE_FORMATS)).min(1).max(5).default(['markdown']),
});

export const screenshotRequest = z.object({
  url: z.string().max(8192),
  fullPage: z.boolean().optional(),
  width: z.number().int().min(100).max(SCREENSHOT_MAX_WIDTH).optional(),
  height: z.number().int().min(100).max(SCREENSHOT_MAX_HEIGHT).optional(),
});
export const screenshotAnswer = z.object({ url: z.string() });

/** How long the network may keep going after `load` before the page is read as it is. */
const SETTLE_MS = 1500;

async function withLoadedPage<T>(
  ctx: WebDataContext,
  pool: BrowserPool | undefined,
  url: string,
  viewport: { width: number; height: number },
  fn: (page: Page, report: RoutingReport) => Promise<T>,
): Promise<T> {
  if (!pool) throw browserUnavailable();
  try {
    // A refused address is a 400 before a browser is even started.
    await ctx.client.check(url);
  } catch (err) {
    throw outboundApiError(err);
  }
  const budget = createByteBudget(DATA_CAPTURE_MAX_BYTES);
  const over = new AbortController();
  const bounds = { timeoutMs: ctx.timeoutMs, budget, signal: over.signal };
  const proxy = await startGatewayProxy(ctx.client, bounds);
  try {
    return await pool.withPage({ ...viewport, proxy: proxy.url }, async (page, context) => {
      const report = await routeThroughGateway(context, ctx.client, bounds);
      page.setDefaultTimeout(ctx.timeoutMs);
      const capture = (async () => {
        try {
          await page.goto(url, { waitUntil: 'load', timeout: ctx.timeoutMs });
        } catch {
          if (report.documentError) throw outboundApiError(report.documentError);
          throw new ApiError(504, 'DATA_TARGET_TIMEOUT', 'The page took too long to load');
        }
        await page.waitForLoadState('networkidle', { timeout: SETTLE_MS }).catch(() => {});
        return fn(page, report);
      })();
      // Past the capture's total it stops now, not when the page gives up: the pool closes the
      // context, which ends whatever the page was still doing.
      capture.catch(() => {});
      return await Promise.race([
        capture,
        budget.spent.catch((err: unknown) => {
          throw outboundApiError(err);
        }),
      ]);
    });
  } finally {
    // Whatever the page still had coming is not read, nor kept until its deadline.
    over.abort();
    await proxy.close();
  }
}

export async function runScrape(
  ctx: WebDataContext,
  pool: BrowserPool | undefined,
  input: z.output<typeof scrapeRequest>,
) {
  return withLoadedPage(
    ctx,
    pool,
    input.url,
    { width: 1280, height: 800 },
    async (page, report) => {
      const html = await page.content();
      return scrapeFormats(html, report.documentUrl ?? page.url(), input.formats);
    },
  );
}

function screenshotPath(caller: StorageActor): string {
  const name = `${Date.now()}-${crypto.randomBytes(4).toString('hex')}.png`;
  return caller.kind === 'service'
    ? `screenshots/${name}`
    : `users/${caller.userId}/screenshots/${name}`;
}

export async function runScreenshot(
  ctx: WebDataContext,
  pool: BrowserPool | undefined,
  storage: StorageContext,
  actor: StorageActor,
  input: z.output<typeof screenshotRequest>,
) {
  const viewport = { width: input.width ?? 1280, height: input.height ?? 800 };
  const png = await withLoadedPage(ctx, pool, input.url, viewport, async (page) => {
    if (!input.fullPage) return page.screenshot({ type: 'png', timeout: ctx.timeoutMs });
    const height = Number(await page.evaluate('document.documentElement.scrollHeight'));
    // The tallest page captured whole; a longer one is cut at the limit.
    return page.screenshot({
      type: 'png',
      fullPage: true,
      timeout: ctx.timeoutMs,
      ...(height > SCREENSHOT_MAX_PAGE_HEIGHT
        ? { clip: { x: 0, y: 0, width: viewport.width, height: SCREENSHOT_MAX_PAGE_HEIGHT } }
        : {}),
    });
  });
  const tempFile = await storage.files.createTempFile();
  try {
    await fsp.writeFile(tempFile, png);
    const stored = await storeUpload(storage, actor, {
      fields: { path: screenshotPath(actor) },
      tempFile,
      size: png.length,
    });
    return { url: stored.publicUrl };
  } finally {
    await discardTempFile(tempFile);
  }
}
