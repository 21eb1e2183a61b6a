/**
 * Chromium behind the gateway (docs/decisions/036-chromium-behind-the-gateway.md): every request a
 * page makes (the document, each image, script, style, fetch and frame, every redirect) is
 * answered by the outbound client, which applies the address policy and the size and time bounds
 * exactly as for `fetch`, each resource within its own bound and all of them within the capture's
 * (capture-budget.ts). Chromium itself never resolves a name or opens a connection; a request the
 * policy refuses is aborted, and WebSockets are closed unopened.
 */
import type { BrowserContext, Frame, Page, Request } from 'playwright-core';
import { DATA_CAPTURE_RESOURCE_MAX_BYTES } from '@scout/protocol/limits';
import type { CaptureBounds } from './capture-budget.ts';
import type { OutboundClient } from './outbound-client.ts';
import { OutboundError } from './outbound-client.ts';

export interface RoutingReport {
  /** URLs the policy refused, in order. */
  refused: string[];
  /** Why the captured page's latest document could not be loaded, when it could not. */
  documentError: OutboundError | undefined;
  /** The captured page's latest document's URL, after the redirects the gateway followed. */
  documentUrl: string | undefined;
}

/**
 * The frame a request is for; none for a popup's first request, made before its frame exists
 * (Playwright throws then).
 */
export function frameOf(req: Request): Frame | undefined {
  try {
    return req.frame();
  } catch {
    return undefined;
  }
}

export async function routeThroughGateway(
  context: BrowserContext,
  /** The page captured: its documents are reported, not those of its frames or popups. */
  page: Page,
  client: OutboundClient,
  { timeoutMs, budget, signal }: CaptureBounds,
): Promise<RoutingReport> {
  const report: RoutingReport = { refused: [], documentError: undefined, documentUrl: undefined };
  await context.routeWebSocket(/.*/, (ws) => ws.close({ code: 1008, reason: 'not allowed' }));
  await context.route('**/*', async (route) => {
    const req = route.request();
    const isDocument = req.isNavigationRequest() && frameOf(req) === page.mainFrame();
    try {
      const res = await client.request({
        url: req.url(),
        method: req.method(),
        headers: await req.allHeaders(),
        ...(req.postDataBuffer() ? { body: req.postDataBuffer() ?? undefined } : {}),
        maxBytes: DATA_CAPTURE_RESOURCE_MAX_BYTES,
        timeoutMs,
        budget,
        signal,
      });
      if (isDocument) {
        // A page navigating itself: what it ended on is what the capture reads.
        report.documentUrl = res.url;
        report.documentError = undefined;
      }
      const headers = { ...res.headers };
      delete headers['content-length'];
      delete headers['transfer-encoding'];
      await route.fulfill({ status: res.status, headers, body: res.body });
    } catch (err) {
      if (err instanceof OutboundError && err.kind === 'refused') report.refused.push(req.url());
      if (isDocument && err instanceof OutboundError) report.documentError = err;
      await route.abort('blockedbyclient').catch(() => {});
    }
  });
  return report;
}
