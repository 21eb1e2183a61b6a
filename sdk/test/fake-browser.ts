/**
 * Small fakes of the browser features the SDK touches: a window with location, history,
 * events and a parent frame, and a localStorage.
 */
import type { StorageLike } from '../src/auth/token-store.ts';
import type { EventListenerLike, FrameLike, WindowLike } from '../src/browser.ts';

export class FakeStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

export class FakeParentFrame implements FrameLike {
  readonly posted: Array<{ message: unknown; targetOrigin: string }> = [];
  /** Called for each message the child posts, after the browser's usual async hop. */
  onMessage: ((message: unknown, targetOrigin: string) => void) | undefined;

  postMessage(message: unknown, targetOrigin: string) {
    this.posted.push({ message, targetOrigin });
    setTimeout(() => this.onMessage?.(message, targetOrigin), 0);
  }
}

export class FakeWindow implements WindowLike {
  readonly location: { href: string };
  readonly replacedUrls: string[] = [];
  readonly history = {
    state: null as unknown,
    replaceState: (data: unknown, _unused: string, url?: string | null) => {
      this.history.state = data;
      if (url) {
        this.replacedUrls.push(url);
        this.location.href = new URL(url, this.location.href).toString();
      }
    },
  };
  parent: FrameLike | null;
  private readonly listeners = new Map<string, Set<EventListenerLike>>();

  constructor(
    href = 'https://app.scout.test/',
    readonly localStorage: FakeStorage = new FakeStorage(),
    parent?: FrameLike,
  ) {
    this.location = { href };
    // A top-level window is its own parent, as in browsers.
    this.parent = parent ?? (this as unknown as FrameLike);
  }

  addEventListener(type: string, listener: EventListenerLike) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: EventListenerLike) {
    this.listeners.get(type)?.delete(listener);
  }

  listenerCount(type: string): number {
    return this.listeners.get(type)?.size ?? 0;
  }

  dispatch(type: string, event: unknown) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener(event);
  }

  /** What the browser delivers to other tabs when one writes localStorage. */
  storageChanged(key: string | null, newValue: string | null) {
    this.dispatch('storage', { key, newValue, storageArea: this.localStorage });
  }

  messageFrom(origin: string, data: unknown) {
    this.dispatch('message', { origin, data, source: this.parent });
  }

  postMessage(_message: unknown, _targetOrigin: string) {}
}
