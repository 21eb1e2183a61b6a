import { describe, expect, it } from 'vitest';
import { contentDisposition, isInlineSafe, looksLikePlainText } from './content-type.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('looksLikePlainText', () => {
  it('calls UTF-8 prose plain text, a multi-byte character cut at the end included', () => {
    expect(looksLikePlainText(bytes('Camp starts at 9 a.m. — bring water. 2 < 3'))).toBe(true);
    expect(looksLikePlainText(bytes('café').subarray(0, 4))).toBe(true);
  });

  it.each([
    ['HTML', '<!doctype html><p>hi</p>'],
    ['an HTML fragment after prose', 'Hello\n\n<script>alert(1)</script>'],
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['XML', '<?xml version="1.0"?><a/>'],
    ['a closing tag', 'text </b>'],
  ])('never calls %s plain text', (_what, text) => {
    expect(looksLikePlainText(bytes(text))).toBe(false);
  });

  it('refuses binary data and invalid UTF-8', () => {
    expect(looksLikePlainText(new Uint8Array([0x61, 0x00, 0x62]))).toBe(false);
    expect(looksLikePlainText(new Uint8Array([0xc3, 0x28]))).toBe(false);
  });
});

describe('isInlineSafe', () => {
  it('shows safe images, PDF and plain text inline, nothing else', () => {
    for (const t of [
      'image/png',
      'image/jpeg',
      'image/gif',
      'image/webp',
      'application/pdf',
      'text/plain; charset=utf-8',
    ]) {
      expect(isInlineSafe(t)).toBe(true);
    }
    for (const t of [
      'image/svg+xml',
      'text/html',
      'application/xml',
      'image/tiff',
      'application/octet-stream',
      'text/plain',
    ]) {
      expect(isInlineSafe(t)).toBe(false);
    }
  });
});

describe('contentDisposition', () => {
  it('writes an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('attachment', 'été "plan".pdf')).toBe(
      `attachment; filename="_t_ _plan_.pdf"; filename*=UTF-8''%C3%A9t%C3%A9%20_plan_.pdf`,
    );
  });

  it('keeps header-breaking characters out', () => {
    const value = contentDisposition('inline', 'a\r\nSet-Cookie: x=1\\/b');
    expect(value).not.toMatch(/[\r\n\\]/);
    expect(value.startsWith('inline; filename="a__Set-Cookie: x=1__b"')).toBe(true);
  });
});
