import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { composeBodies, htmlFromText, textFromHtml } from './compose.ts';

describe('notification bodies', () => {
  it('derives readable text from HTML', () => {
    const html =
      '<html><head><title>t</title><style>p{color:red}</style></head><body><h1>Camp</h1><p>Bring a <b>tent</b> &amp; boots.<br>Leave at 9.</p><ul><li>Water</li><li>Map</li></ul><script>alert(1)</script></body></html>';
    expect(textFromHtml(html)).toBe(
      'Camp\n\nBring a tent & boots.\nLeave at 9.\n\n- Water\n\n- Map',
    );
  });

  it('derives escaped HTML from text', () => {
    expect(htmlFromText('Hi <all>\nline two\n\nNext & last')).toContain(
      '<p>Hi &lt;all&gt;<br>line two</p>\n<p>Next &amp; last</p>',
    );
  });

  it('adds a footer naming the product and the sender to both parts', () => {
    const bodies = composeBodies({
      html: '<html><body><p>Hello</p></body></html>',
      sender: 'leader@troop.example',
    });
    expect(bodies.text).toContain('Hello');
    expect(bodies.text).toContain(`Sent by leader@troop.example through ${PRODUCT_NAME}.`);
    expect(bodies.html).toMatch(
      new RegExp(
        `<p>Hello</p><p [^>]*>Sent by leader@troop.example through ${PRODUCT_NAME}.</p>\\n</body></html>`,
      ),
    );
    expect(composeBodies({ text: 'x' }).text).toContain(`Sent through ${PRODUCT_NAME}.`);
  });

  it('handles hostile HTML in linear time', () => {
    // Each of these makes a backtracking pattern quadratic (minutes on 200 KB, past the test's time limit).
    expect(textFromHtml('<'.repeat(200_000))).toHaveLength(200_000);
    expect(textFromHtml(`ok${'<script'.repeat(30_000)}`)).toBe('ok');
    expect(textFromHtml(` ${' '.repeat(200_000)}x`)).toBe('x');
    expect(textFromHtml('<br'.repeat(60_000))).toHaveLength(180_000);
  });
});
