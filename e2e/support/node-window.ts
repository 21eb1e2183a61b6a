/**
 * A browser page as far as the SDK looks at one (its address, history, events, referrer, screen),
 * for journeys that run the packed SDK in Node against the real server: the parts that only run
 * in a browser (returning from the hosted sign-in page, analytics) run here too, and the test
 * reads where the SDK sent the page.
 */
type Listener = (event: unknown) => void;

export class NodeWindow {
  readonly location: { href: string };
  readonly parent = null;
  readonly document: { referrer: string };
  readonly screen = { width: 1280 };
  readonly navigator = { doNotTrack: null as string | null };
  readonly history = {
    state: null as unknown,
    replaceState: (_data: unknown, _unused: string, url?: string | null) => this.go(url),
    pushState: (_data: unknown, _unused: string, url?: string | null) => this.go(url),
  };
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(href: string, referrer = '') {
    this.location = { href };
    this.document = { referrer };
  }

  addEventListener(type: string, listener: Listener): void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  dispatch(type: string, event: unknown = {}): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener(event);
  }

  private go(url: string | null | undefined): void {
    if (url) this.location.href = new URL(url, this.location.href).toString();
  }
}

/** localStorage in memory, one per simulated browser. */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}
