/** A browser window that opens popups (and can block them), with a sessionStorage. */
import type { FrameLike } from '../src/browser.ts';
import type { PopupLike, ProviderWindow } from '../src/auth/provider-sign-in.ts';
import { FakeStorage, FakeWindow } from './fake-browser.ts';

export class FakePopup implements PopupLike {
  closed = false;
  constructor(
    readonly url: string,
    readonly name: string,
    readonly features: string,
  ) {}
  close() {
    this.closed = true;
  }
}

export class BrowserWithPopups extends FakeWindow implements ProviderWindow {
  readonly sessionStorage = new FakeStorage();
  readonly popups: FakePopup[] = [];
  blockPopups = false;
  screenX = 100;
  screenY = 50;
  outerWidth = 1280;
  outerHeight = 800;

  constructor(href: string, localStorage: FakeStorage, parent?: FrameLike) {
    super(href, localStorage, parent);
  }

  open(url: string, name: string, features: string): PopupLike | null {
    if (this.blockPopups) return null;
    const popup = new FakePopup(url, name, features);
    this.popups.push(popup);
    return popup;
  }
}
