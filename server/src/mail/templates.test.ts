import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '@scout/protocol/limits';
import {
  describeDuration,
  emailVerificationMail,
  escapeHtml,
  magicLinkMail,
  passwordResetMail,
} from './templates.ts';

const link = 'https://troop.example/?token=abc_DEF-123&projectId=scout-troop&type=reset';

describe('mail templates', () => {
  it.each([
    ['password reset', passwordResetMail, /reset/i],
    ['magic link', magicLinkMail, /sign-in/i],
    ['email verification', emailVerificationMail, /verify/i],
  ])(
    '%s: a subject naming the product, and the link in both parts',
    (_name, template, subjectWord) => {
      const mail = template({ link, displayName: 'Alex Morgan', expiresInSeconds: 900 });
      expect(mail.subject).toContain(PRODUCT_NAME);
      expect(mail.subject).toMatch(subjectWord);
      expect(mail.text).toContain(PRODUCT_NAME);
      expect(mail.html).toContain(PRODUCT_NAME);
      expect(mail.text).toContain(`\n${link}\n`);
      expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
      expect(mail.text).toContain('Hi Alex Morgan,');
      expect(mail.text).toContain('expires in 15 minutes');
    },
  );

  it('escapes a display name in the HTML part and keeps it out of the subject', () => {
    const name = '<img src=x onerror=alert(1)> & "Co"';
    const mail = passwordResetMail({ link, displayName: name, expiresInSeconds: 3600 });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Hi &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;,');
    expect(mail.subject).not.toContain('img');
  });

  it('greets without a name when there is none, and strips control characters from one', () => {
    expect(
      magicLinkMail({ link, displayName: null, expiresInSeconds: 900 }).text.startsWith('Hello,\n'),
    ).toBe(true);
    const mail = magicLinkMail({
      link,
      displayName: 'Sam\r\nBcc: x@evil.example',
      expiresInSeconds: 900,
    });
    expect(mail.text.split('\n')[0]).toBe('Hi Sam Bcc: x@evil.example,');
  });

  it.each([passwordResetMail, magicLinkMail, emailVerificationMail])(
    'lets a long address wrap inside the card and always has a plain-text part (%#)',
    (template) => {
      const long = `https://troop.example/?token=${'x'.repeat(300)}`;
      const mail = template({ link: long, expiresInSeconds: 900 });
      expect(mail.text).toContain(long);
      const shown = mail.html.match(/<a href="[^"]+" style="([^"]*)">https:/);
      expect(shown?.[1]).toContain('word-break:break-all');
      expect(mail.html).toContain('name="viewport"');
    },
  );

  it('describes link lives in words', () => {
    expect(describeDuration(900)).toBe('15 minutes');
    expect(describeDuration(3600)).toBe('1 hour');
    expect(describeDuration(86_400)).toBe('24 hours');
    expect(describeDuration(60)).toBe('1 minute');
  });

  it('escapes every character that matters in HTML', () => {
    expect(escapeHtml(`<a href='x'>"&"</a>`)).toBe(
      '&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;',
    );
  });
});
