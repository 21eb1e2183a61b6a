/**
 * Where a new screen starts: at its top, with focus on its main heading, so a keyboard or
 * screen-reader user hears where they are and a phone shows the screen's first line. The first
 * screen of a page load keeps the browser's own start; every later change counts.
 */
let changes = 0;
let current: string | null = null;

/** The root view reports the screen it renders; a different one is a screen change. */
export function noteScreen(screen: string): void {
  if (current !== null && current !== screen) changes++;
  current = screen;
}

/** Called by a screen's heading when it appears (ui/screen-heading.tsx). */
export function arriveAt(heading: HTMLElement): void {
  if (changes === 0) return;
  window.scrollTo(0, 0);
  heading.focus({ preventScroll: true });
}
