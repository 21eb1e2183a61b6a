/**
 * Pages that fight a page capture, for the fixture web site (web-fixtures.ts) under /hostile/:
 * pages that navigate themselves once (and then settle) or for ever, scripts that never end,
 * documents of more elements than the server reads, and a page that opens popups and dialogs.
 * Each is a short text; the huge one is built once and kept.
 */
import type http from 'node:http';
import { DATA_PAGE_MAX_ELEMENTS } from '@scout/protocol/limits';

/** Where the pages that navigate once end up: a normal page of the fixture site. */
export const SETTLED_PAGE = '/files/council-page.html';

/**
 * Elements in /hostile/huge-dom: more than the server reads as text (DATA_PAGE_MAX_ELEMENTS), in
 * about 0.6 MB of HTML. They are hidden: the browser holds them without laying them out, which
 * on a busy machine would take longer than any deadline a test can wait for.
 */
export const HUGE_DOM_ELEMENTS = DATA_PAGE_MAX_ELEMENTS + 10_000;
/** Elements the script of /hostile/huge-dom?script adds, in the browser. */
export const SCRIPT_DOM_ELEMENTS = 200_000;

const page = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

let hugeDom: string | undefined;

function hugeDomPage(withScript: boolean): string {
  hugeDom ??= page(
    '<title>Huge page</title>',
    `<h1>Huge page</h1><div hidden>${'<i>peg</i>'.repeat(HUGE_DOM_ELEMENTS)}</div>`,
  );
  if (!withScript) return hugeDom;
  // Many more elements, made by the page itself: they never cross the network.
  const script = `<script>const more = document.body.appendChild(document.createElement('div'));
more.hidden = true;
for (let i = 0; i < ${SCRIPT_DOM_ELEMENTS}; i++) more.appendChild(document.createElement('i')).textContent = 'rope';
</script>`;
  return hugeDom.replace('</body>', `${script}</body>`);
}

function hostileDocument(name: string, query: URLSearchParams): string | undefined {
  const n = Number(query.get('n') ?? 0);
  switch (name) {
    case 'meta-refresh':
      // Navigates once, at once, then stays.
      return page(
        `<title>Moving</title><meta http-equiv="refresh" content="0; url=${SETTLED_PAGE}">`,
        '<p>This page has moved.</p>',
      );
    case 'script-redirect':
      // Navigates once from a script while the document is still being read.
      return page(
        '<title>Moving</title>',
        `<script>location.replace(${JSON.stringify(SETTLED_PAGE)})</script><p>Moving on.</p>`,
      );
    case 'navigate-after-load':
      // Loads, then navigates once: a capture that reads the page at its load event meets the
      // navigation.
      return page(
        '<title>About to move</title>',
        `<p>Loaded.</p><script>addEventListener('load', () =>
          setTimeout(() => location.assign(${JSON.stringify(SETTLED_PAGE)}), 0))</script>`,
      );
    case 'meta-refresh-loop':
      // Refreshes itself every 0 s for ever.
      return page(
        `<title>Refresh ${n}</title><meta http-equiv="refresh" content="0; url=/hostile/meta-refresh-loop?n=${n + 1}">`,
        `<p>Refresh number ${n}.</p>`,
      );
    case 'script-loop':
      // Sets `location` for ever, before the document ever finishes loading.
      return page(
        `<title>Loop ${n}</title>`,
        `<script>location.href = '/hostile/script-loop?n=${n + 1}'</script><p>Loop ${n}.</p>`,
      );
    case 'endless-script':
      // Never finishes running, so never finishes loading.
      return page('<title>Busy</title>', '<p>Busy.</p><script>for (;;) {}</script>');
    case 'endless-after-load':
      // Loads, then keeps the page's only thread busy for ever.
      return page(
        '<title>Busy later</title>',
        `<p>Busy later.</p><script>addEventListener('load', () => setTimeout(() => { for (;;) {} }, 0))</script>`,
      );
    case 'huge-dom':
      return hugeDomPage(query.has('script'));
    case 'popups-and-dialogs':
      // Windows of its own and every dialog a page can open, from a page that is otherwise normal.
      if (query.has('popup'))
        return page('<title>Popup</title>', `<p>Popup.</p><script>alert('popup')</script>`);
      return page(
        '<title>Popups and dialogs</title>',
        `<h1>Popups and dialogs</h1><p>A page that asks a lot of its visitor.</p>
        <script>
          for (let i = 0; i < 5; i++) window.open('/hostile/popups-and-dialogs?popup=' + i);
          alert('hello');
          confirm('sure?');
          prompt('name?');
          window.print();
          addEventListener('beforeunload', (e) => { e.preventDefault(); e.returnValue = 'stay'; });
        </script>`,
      );
    default:
      return undefined;
  }
}

/** Answers a request for /hostile/NAME; false when there is no such page. */
export function serveHostilePage(url: URL, res: http.ServerResponse): boolean {
  const name = url.pathname.slice('/hostile/'.length);
  const body = hostileDocument(name, url.searchParams);
  if (body === undefined) return false;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
  return true;
}
