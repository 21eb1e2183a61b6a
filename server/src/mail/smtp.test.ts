import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './smtp.ts';
import { addressesOf, startSmtpPeer, type SmtpPeer } from '../../test/mail.ts';

const FROM = 'Scout Leadership Platform <no-reply@troop.example>';

describe('SMTP mailer (real SMTP peer on loopback)', () => {
  let peer: SmtpPeer;
  beforeEach(async () => {
    peer = await startSmtpPeer();
  });
  afterEach(async () => peer.close());

  it('delivers a message with a text and an HTML part from MAIL_FROM', async () => {
    const mailer = createSmtpMailer({ url: peer.url, from: FROM });
    const sent = await mailer.send({
      to: [{ address: 'parent@troop.example', name: 'Pat Parent' }],
      subject: 'Camp-out on Saturday',
      text: 'Bring a tent.',
      html: '<p>Bring a <b>tent</b>.</p>',
    });
    const [mail] = await peer.waitFor(1);
    expect(mail?.rcptTo).toEqual(['parent@troop.example']);
    expect(mail?.mailFrom).toBe('no-reply@troop.example');
    expect(mail?.parsed.subject).toBe('Camp-out on Saturday');
    expect(mail?.parsed.text?.trim()).toBe('Bring a tent.');
    expect(mail?.parsed.html).toContain('<b>tent</b>');
    expect(mail?.parsed.from?.text).toBe('"Scout Leadership Platform" <no-reply@troop.example>');
    expect(addressesOf(mail?.parsed.to)).toEqual(['parent@troop.example']);
    expect(mail?.parsed.messageId).toBe(sent.messageId);
  });

  it('keeps a subject or name with CR/LF in its header: no Bcc, no extra recipient', async () => {
    const mailer = createSmtpMailer({ url: peer.url, from: FROM });
    await mailer.send({
      to: [{ address: 'parent@troop.example', name: 'Pat\r\nBcc: thief@evil.example' }],
      replyTo: { address: 'leader@troop.example', name: 'Lee\nX-Injected: 1' },
      subject: 'Hello\r\nBcc: thief@evil.example\r\n\r\nfake body',
      text: 'real body',
      html: '<p>real body</p>',
    });
    const [mail] = await peer.waitFor(1);
    expect(mail?.rcptTo).toEqual(['parent@troop.example']);
    expect(mail?.parsed.bcc).toBeUndefined();
    expect(mail?.parsed.headers.has('x-injected')).toBe(false);
    expect(mail?.parsed.subject).toBe('Hello Bcc: thief@evil.example fake body');
    expect(mail?.parsed.text?.trim()).toBe('real body');
    expect(mail?.raw).not.toMatch(/^Bcc:/im);
  });

  it('delivers to cc and bcc without showing bcc in the headers', async () => {
    const mailer = createSmtpMailer({ url: peer.url, from: FROM });
    await mailer.send({
      to: [{ address: 'a@troop.example' }],
      cc: [{ address: 'b@troop.example' }],
      bcc: [{ address: 'c@troop.example' }],
      subject: 'Roster',
      text: 'x',
      html: '<p>x</p>',
    });
    const [mail] = await peer.waitFor(1);
    expect(mail?.rcptTo.sort()).toEqual(['a@troop.example', 'b@troop.example', 'c@troop.example']);
    expect(addressesOf(mail?.parsed.cc)).toEqual(['b@troop.example']);
    // Not in any header (the Message-ID may end in "...c@troop.example" by chance: its domain is the sender's).
    expect(mail?.parsed.bcc).toBeUndefined();
    expect(mail?.raw).not.toMatch(/[<\s,:"]c@troop\.example/);
  });

  it('fails loudly when the server cannot be reached', async () => {
    await peer.close();
    const mailer = createSmtpMailer({ url: peer.url, from: FROM });
    await expect(
      mailer.send({
        to: [{ address: 'a@troop.example' }],
        subject: 's',
        text: 't',
        html: '<p>t</p>',
      }),
    ).rejects.toThrow();
    peer = await startSmtpPeer();
  });
});
