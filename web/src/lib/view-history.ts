/**
 * Screen changes as browser history entries, without a URL router (docs/product.md section 2
 * keeps one root view in state): each signed-in screen a member opens is pushed with its name in
 * `history.state`, so Back (and Android's back gesture) returns to the previous screen, Forward
 * works, and a reload, which keeps `history.state`, reopens the same screen. The address never
 * changes.
 */
import { useEffect, useState, type Dispatch } from 'react';
import { SIGNED_IN_VIEWS, type SignedInView, type View, type ViewAction } from '../view-state.ts';

const KEY = 'scoutView';

/** The screen recorded in a history entry, if it is one of ours. */
export function viewInEntry(state: unknown): SignedInView | null {
  if (typeof state !== 'object' || state === null) return null;
  const view = (state as Record<string, unknown>)[KEY];
  return SIGNED_IN_VIEWS.find((v) => v === view) ?? null;
}

/** The screen this page showed before it was reloaded. */
export const savedView = (): SignedInView | null =>
  typeof history === 'undefined' ? null : viewInEntry(history.state);

const entry = (view: View) => ({
  ...(typeof history.state === 'object' && history.state !== null ? history.state : {}),
  [KEY]: view === 'auth' ? null : view,
});

/** What a screen change does to the browser's history. */
export type HistoryStep = 'push' | 'replace' | null;

/**
 * The history bookkeeping of one page, apart from React and the browser so it can be tested on
 * its own. Back or Forward announce the screen they reached (`popped`); the screen change that
 * follows is theirs and adds no entry. An entry of the screen already shown changes nothing, so
 * the mark is dropped at the next change of screen, whichever it is: left standing, it would
 * swallow the entry of a later screen the member opened. Signed out, no entry reopens a screen.
 */
export function historyTracker() {
  let shown: View | null = null;
  let reached: View | null = null;
  return {
    /** Whether the screen of the entry reached is to be shown. */
    popped(view: SignedInView): boolean {
      if (shown === null || shown === 'auth') return false;
      reached = view;
      return true;
    },
    changed(view: View): HistoryStep {
      const before = shown;
      const restored = reached === view;
      shown = view;
      reached = null;
      if (restored || before === view) return null;
      // Signing in or out replaces the entry: Back from the dashboard leaves the app rather than
      // landing on a sign-in form that no longer applies.
      return before === null || before === 'auth' || view === 'auth' ? 'replace' : 'push';
    },
  };
}

/**
 * Keeps history in step with `view`. Opening a screen pushes an entry; Back and Forward restore
 * the screen of the entry reached.
 */
export function useViewHistory(view: View, ready: boolean, dispatch: Dispatch<ViewAction>) {
  const [tracker] = useState(historyTracker);

  useEffect(() => {
    // Every screen starts at its top (lib/screen-focus.ts): the browser must not scroll it back.
    history.scrollRestoration = 'manual';
    const onPop = (e: PopStateEvent) => {
      const restored = viewInEntry(e.state);
      if (restored && tracker.popped(restored)) dispatch({ type: 'restore', view: restored });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [dispatch, tracker]);

  useEffect(() => {
    if (!ready) return;
    const step = tracker.changed(view);
    if (step === 'replace') history.replaceState(entry(view), '');
    else if (step === 'push') history.pushState(entry(view), '');
  }, [view, ready, tracker]);
}
