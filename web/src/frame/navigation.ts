import type { DashboardTab } from './nav-tabs.ts';
import type { SignedInView } from '../view-state.ts';

/** What a signed-in screen may ask the root view to do (app.tsx). */
export interface Navigation {
  /** Opens a screen; the dashboard optionally with one of its tabs highlighted. */
  open: (view: SignedInView, tab?: DashboardTab) => void;
  /** Back buttons return to the dashboard (docs/product.md section 2). */
  back: () => void;
  /** Highlights a dashboard tab; it opens nothing. */
  highlight: (tab: DashboardTab) => void;
  logout: () => void;
}
