/**
 * Hostile posts render inert in the app's HTML, the mail's HTML and the text part. Each case is
 * checked twice: on the sanitised string, and by parsing it with linkedom and walking every
 * element, so a trick the string checks miss still meets the allow-list.
 */
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import {
  NEWSLETTER_BODY_MAX_CHARS,
  NEWSLETTER_MAX_EVENT_CARDS,
  NEWSLETTER_MAX_NESTING,
} from '@scout/protocol/newsletter';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS } from './allow-list.ts';
import { renderPost } from './render.ts';

const place = {
  projectId: 'troop-12',
  homeProjectId: 'troop-12',
  publicUrl: 'https://app.example',
};
const STORED = '/api/storage/troop-12/object/';
/** A post's image as the images route names it (images.ts): the only image a post may show. */
const IMAGE = `${STORED}troop/newsletter/0123456789abcdef0123456789abcdef.jpg`;

const corpus: [name: string, body: string][] = [
  ['script tag', '<script>alert(1)</script>\n\nhello'],
  ['inline script', 'hi <script>alert(1)</script> there'],
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['onclick in raw html', '<a href="https://a.example" onclick="alert(1)">x</a>'],
  ['handler smuggled in a title', '[x](https://a.example "a\\" onmouseover=\\"alert(1)")'],
  ['handler smuggled in alt', `![x" onerror="alert(1)](${IMAGE})`],
  ['src smuggled in alt', `![x src="https://tracker.example/p.gif"](${IMAGE})`],
  ['javascript link', '[x](javascript:alert(1))'],
  ['JaVaScRiPt link', '[x](JaVaScRiPt:alert(1))'],
  ['entity tab in scheme', '[x](jav&#x09;ascript:alert(1))'],
  ['entity colon', '[x](javascript&#58;alert(1))'],
  ['newline in scheme', '[x](<java\nscript:alert(1)>)'],
  ['vbscript link', '[x](vbscript:msgbox(1))'],
  ['data link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['reference javascript', '[x][r]\n\n[r]: javascript:alert(1)'],
  ['protocol-relative', '[x](//evil.example/a)'],
  ['backslash path', '[x](/\\evil.example)'],
  ['svg with script', '<svg><script>alert(1)</script></svg>'],
  ['svg onload', '<svg onload=alert(1)></svg>'],
  ['svg image', `![x](${STORED}a.svg#<svg onload=alert(1)>)`],
  ['style attribute', '<p style="background:url(javascript:alert(1))">x</p>'],
  ['style tag', '<style>body{background:red}</style>'],
  ['css expression', '<div style="width: expression(alert(1))">x</div>'],
  ['data image', '![x](data:image/png;base64,iVBORw0KGgo=)'],
  ['data svg image', '![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)'],
  ['remote image', '![pixel](https://tracker.example/p.gif?u=1)'],
  ['other troop image', '![x](/api/storage/troop-99/object/a.png)'],
  [
    "other troop's newsletter image",
    '![x](/api/storage/troop-99/object/troop/newsletter/0123456789abcdef0123456789abcdef.jpg)',
  ],
  // Every reader gets a signed link to a post's images: a post naming another of the troop's
  // files would open it to readers whose role may not.
  ['troop file that is not a newsletter image', `![x](${STORED}troop/plan.png)`],
  ['member file', `![x](${STORED}users/u1/private.png)`],
  ['newsletter image with a query', `![x](${IMAGE}?download=1)`],
  ['dot segments in image', `![x](${STORED}../../troop-99/object/a.png)`],
  ['api path link', '[x](/api/auth/logout)'],
  ['nested link trick', '[[x](javascript:alert(1))](https://a.example)'],
  ['image in link trick', '[![x](https://tracker.example/p.gif)](javascript:alert(1))'],
  ['link text as html', '[<img src=x onerror=alert(1)>](https://a.example)'],
  ['autolink javascript', '<javascript:alert(1)>'],
  ['autolink data', '<data:text/html,<script>alert(1)</script>>'],
  ['autolink mail', '<mailto:a@b.example?body=<script>>'],
  ['form and iframe', '<form action="https://x"><input></form><iframe src="https://x"></iframe>'],
  ['object and embed', '<object data="x"></object><embed src="x">'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['class and id', '<p class="x" id="y">x</p>'],
  ['html comment', '<!-- <script>alert(1)</script> -->'],
  ['cdata', '<![CDATA[<script>alert(1)</script>]]>'],
  ['deep quotes', `${'> '.repeat(500)}deep`],
  ['deep lists', Array.from({ length: 200 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n')],
  ['deep emphasis', `${'*'.repeat(3000)}x${'*'.repeat(3000)}`],
  ['many brackets', '['.repeat(10_000)],
  ['tag split by a tag', '<scr<b>ipt>alert(1)</scr</b>ipt>'],
];

const DANGEROUS_URL = /^\s*(javascript|vbscript|data|file):/i;

function ownUrl(attr: string, value: string, version: 'app' | 'mail'): boolean {
  if (DANGEROUS_URL.test(value) || /[\s\\]/.test(value)) return false;
  // Both versions keep the stored path: the app signs it, the mail inlines it (post-images.ts).
  if (attr === 'src')
    return /^\/api\/storage\/troop-12\/object\/troop\/newsletter\/[0-9a-f]{32}\.jpg$/.test(value);
  if (value.startsWith('/')) return version === 'app' && !value.startsWith('//');
  return /^(https?:\/\/|mailto:)/i.test(value);
}

/** Every element and attribute of `html` within the allow-list, every URL a safe one. */
function inertProblems(html: string, version: 'app' | 'mail'): string[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const problems: string[] = [];
  for (const el of document.body.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (!(ALLOWED_TAGS as readonly string[]).includes(tag)) problems.push(`tag ${tag}`);
    for (const { name, value } of el.attributes) {
      if (!((ALLOWED_ATTRIBUTES as Record<string, string[]>)[tag] ?? []).includes(name))
        problems.push(`${tag}[${name}]`);
      if ((name === 'href' || name === 'src') && !ownUrl(name, value, version))
        problems.push(`${tag}[${name}=${value}]`);
      if (name === 'target' && version === 'mail') problems.push('target in mail');
      if (name === 'target' && el.getAttribute('rel') !== 'noopener noreferrer')
        problems.push('target without rel');
    }
  }
  return problems;
}

describe('a hostile post renders inert', () => {
  it.each(corpus)('%s', (_name, body) => {
    const post = renderPost(body, place);
    for (const [version, html] of [
      ['app', post.appHtml],
      ['mail', post.mailHtml],
    ] as const) {
      expect(html).not.toMatch(
        /<(script|style|svg|iframe|form|input|object|embed|meta|div|span)\b/i,
      );
      // Attribute values are quoted with `"` escaped inside, so a handler written into a title
      // or alt stays text; outside the values no such attribute may appear.
      const outsideValues = html.replace(/"[^"]*"/g, '""');
      expect(outsideValues).not.toMatch(/<[^>]*\s(on\w+|style|class|id)\s*=/i);
      expect(html).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|vbscript|data):/i);
      expect(html).not.toMatch(/(href|src)="[^"]*(tracker\.example|troop-99|evil\.example)/);
      expect(inertProblems(html, version)).toEqual([]);
    }
    expect(post.text).not.toMatch(/<\/?[a-z][^>]*>/i);
    expect(post.text).not.toContain('&lt;');
  });

  it('bounds nesting however deep the post asks for', () => {
    const depth = (html: string): number => {
      const { document } = parseHTML(`<html><body>${html}</body></html>`);
      let max = 0;
      for (const el of document.body.querySelectorAll('blockquote, ul, ol')) {
        let d = 0;
        for (let p: typeof el | null = el; p; p = p.parentElement) d += 1;
        max = Math.max(max, d);
      }
      return max;
    };
    const quotes = renderPost(`${'> '.repeat(500)}deep`, place);
    const lists = renderPost(
      Array.from({ length: 200 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n'),
      place,
    );
    expect(depth(quotes.appHtml)).toBeLessThanOrEqual(NEWSLETTER_MAX_NESTING + 2);
    expect(depth(lists.appHtml)).toBeLessThanOrEqual(NEWSLETTER_MAX_NESTING + 2);
  });

  it('refuses a post over the length limit', () => {
    expect(() => renderPost('x'.repeat(NEWSLETTER_BODY_MAX_CHARS + 1), place)).toThrow(
      /longer than/,
    );
  });
});

describe('what a post may carry survives', () => {
  const body = [
    '## Camp news',
    '',
    'Bring *boots* and **a hat**: [kit list](https://kit.example/list), [mail us](mailto:leaders@troop.example).',
    '',
    `![Campfire](${IMAGE})`,
    '',
    '[Autumn camp](/calendar/events/camp-1)',
    '',
    '- tents',
    '- food',
    '',
    'See the [calendar](/calendar).',
  ].join('\n');
  const post = renderPost(body, { ...place, homeProjectId: 'home' });

  it('in the app, with relative app paths and outside links in a new tab', () => {
    expect(post.appHtml).toContain('<h2>Camp news</h2>');
    expect(post.appHtml).toContain('<em>boots</em>');
    expect(post.appHtml).toContain(
      '<a href="https://kit.example/list" rel="noopener noreferrer" target="_blank">kit list</a>',
    );
    expect(post.appHtml).toContain(`<img src="${IMAGE}" alt="Campfire" />`);
    expect(post.appHtml).toContain('<a href="/calendar/events/camp-1">Autumn camp</a>');
    expect(post.appHtml).toContain('<li>tents</li>');
  });

  it('in the mail, with absolute links in the troop, no target, images by their stored path', () => {
    expect(post.mailHtml).toContain(
      '<a href="https://kit.example/list" rel="noopener noreferrer">kit list</a>',
    );
    // Kept as stored for the mail to carry inline (post-images.ts): no address a mail program fetches.
    expect(post.mailHtml).toContain(`<img src="${IMAGE}" alt="Campfire" />`);
    expect(post.mailHtml).toContain(
      'href="https://app.example/calendar/events/camp-1?troop=troop-12"',
    );
    expect(post.mailHtml).not.toContain('target=');
  });

  it('in the text part, with where each link leads', () => {
    expect(post.text).toContain(
      'Camp news\n\nBring boots and a hat: kit list (https://kit.example/list)',
    );
    expect(post.text).toContain('Campfire');
    expect(post.text).toContain('- tents\n- food');
    expect(renderPost('1 < 2 and 3 > 2', place).text).toBe('1 < 2 and 3 > 2\n');
    expect(post.text).toContain('calendar (https://app.example/calendar?troop=troop-12)');
  });

  it('returns the event a line of its own links to, for the caller to draw as a card', () => {
    expect(post.events).toEqual([{ id: 'camp-1' }]);
    const inline = renderPost('See [camp](/calendar/events/camp-2) soon.', place);
    expect(inline.events).toEqual([]);
  });

  it('returns each event once, in order, and no more than the limit', () => {
    const lines = Array.from(
      { length: NEWSLETTER_MAX_EVENT_CARDS + 5 },
      (_, i) => `[Meeting](/calendar/events/series-1/2026-12-${String(i + 1).padStart(2, '0')})`,
    );
    const post = renderPost(['[Camp](/calendar/events/camp-1)', ...lines].join('\n\n'), place);
    expect(post.events).toHaveLength(NEWSLETTER_MAX_EVENT_CARDS);
    expect(post.events.slice(0, 2)).toEqual([
      { id: 'camp-1' },
      { id: 'series-1', date: '2026-12-01' },
    ]);
    const twice = renderPost('[a](/calendar/events/x)\n\n[b](/calendar/events/x)', place);
    expect(twice.events).toEqual([{ id: 'x' }]);
  });
});
