import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe, { type RunOptions } from 'axe-core';

/**
 * Every rule axe runs by default, and one it leaves off: experimental in axe-core, a control
 * whose accessible name leaves out its visible words cannot be spoken to by a voice user
 * (WCAG 2.5.3).
 */
const OPTIONS: RunOptions = { rules: { 'label-content-name-mismatch': { enabled: true } } };

/** What a finding says: the rule, its help, and each element it found with why. */
export interface Finding {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: { target: string; failureSummary: string | undefined }[];
}

type AxeWindow = { axe?: typeof axe };

/**
 * axe's findings on the whole page. axe-core is put into a page once and stays across the app's
 * own navigation; a full page load clears it, and it is put in again. A page with frames goes
 * through AxeBuilder, which puts axe into every frame and joins their findings.
 */
export async function axeFindings(page: Page): Promise<Finding[]> {
  if (page.frames().length > 1) {
    const result = await new AxeBuilder({ page }).options(OPTIONS).analyze();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), failureSummary: n.failureSummary })),
    }));
  }
  const present = await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function');
  if (!present) await page.evaluate(axe.source);
  return page.evaluate(async (options) => {
    const { violations } = await (window as AxeWindow).axe!.run(document, options);
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), failureSummary: n.failureSummary })),
    }));
  }, OPTIONS);
}
