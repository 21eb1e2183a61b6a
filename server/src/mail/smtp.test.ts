import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from './mailer.ts';
import { createSmtpMailer, SMTP_MAX_CONNECTIONS } from './smtp.ts';
import { addressesOf, startSmtpPeer, type SmtpPeer } from '../../test/mail.ts';

const FROM = 'Scout Leadership Platform <no-reply@troop.example>';

const note = (n: number): MailMessage => ({
  to: [{ address: `p${n}@troop.example` }],
  subject: `Note ${n}`,
  text: 't',
  html: '<p>t</p>',
});

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

  it('sends many mails over a few pooled connections, not one per mail', async () => {
    const mailer = createSmtpMailer({ url: peer.url, from: FROM });
    for (let n = 0; n < 5; n++) await mailer.send(note(n));
    await Promise.all(Array.from({ length: 20 }, (_, n) => mailer.send(note(100 + n))));
    await peer.waitFor(25);
    expect(peer.connections()).toBeLessThanOrEqual(SMTP_MAX_CONNECTIONS);
    await mailer.close?.();
  });

  it('replaces a pooled connection the server dropped', async () => {
    const mailer = createSmtpMailer({ url: peer.url, from: FROM });
    await mailer.send(note(1));
    expect(peer.connections()).toBe(1);
    peer.dropConnections();
    await waitUntil(() => peer.openConnections() === 0);
    await mailer.send(note(2));
    const mails = await peer.waitFor(2);
    expect(mails.map((m) => m.rcptTo)).toEqual([['p1@troop.example'], ['p2@troop.example']]);
    expect(peer.connections()).toBe(2);
    await mailer.close?.();
  });

  it('closes its pooled connections when closed', async () => {
    const mailer = createSmtpMailer({ url: peer.url, from: FROM });
    await mailer.send(note(1));
    expect(peer.openConnections()).toBe(1);
    await mailer.close?.();
    await waitUntil(() => peer.openConnections() === 0);
    expect(peer.connections()).toBe(1);
  });

  it('lets a send under way finish when closed, and fails a send after that at once', async () => {
    const mailer = createSmtpMailer({ url: peer.url, from: FROM });
    const sending = mailer.send(note(1));
    await mailer.close?.();
    await expect(sending).resolves.toMatchObject({ messageId: expect.any(String) });
    expect((await peer.waitFor(1))[0]?.rcptTo).toEqual(['p1@troop.example']);
    await expect(mailer.send(note(2))).rejects.toMatchObject({ name: 'MailSendError' });
  });

  it('gives up on a server that never greets, with its own time limit', async () => {
    // A listener that accepts and stays silent: only the greeting time limit ends the wait.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}`,
      from: FROM,
      greetingTimeoutMs: 200,
    });
    await expect(mailer.send(note(1))).rejects.toMatchObject({ name: 'MailSendError' });
    await mailer.close?.();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});

/** Waits for a condition the peer reaches on its own socket events. */
async function waitUntil(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}
