/**
 * Tabs of one browser share one session through one storage key: when another tab signs in,
 * refreshes or signs out, the browser's `storage` event tells this tab (docs/product.md
 * section 4). A cleared key (or all of storage) means signed out.
 */
import type { StoredTokens } from '@scout/protocol/auth';
import { isRecord, type WindowLike } from '../browser.ts';
import { parseStoredTokens } from './token-store.ts';

export interface TabSyncHandlers {
  /** Another tab stored new tokens. */
  tokens(tokens: StoredTokens): void;
  /** Another tab signed out. */
  gone(): void;
}

/** Follows `key` in the other tabs; answers the function that stops following. */
export function followOtherTabs(
  win: WindowLike,
  key: string,
  handlers: TabSyncHandlers,
): () => void {
  const listener = (event: unknown) => {
    if (!isRecord(event)) return;
    if (event.key !== null && event.key !== key) return;
    const tokens =
      event.key === null
        ? null
        : parseStoredTokens(typeof event.newValue === 'string' ? event.newValue : null);
    if (tokens) handlers.tokens(tokens);
    else handlers.gone();
  };
  win.addEventListener('storage', listener);
  return () => win.removeEventListener('storage', listener);
}
