/**
 * A post's images on their way to a reader: in the app each becomes a link signed for the hour,
 * opening the troop's image and nothing else; in the mail each travels inside the message with
 * its Content-ID, so the mail program fetches nothing from anywhere.
 */
import nodemailer from 'nodemailer';
import { parseHTML } from 'linkedom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toNodemailerMessage } from '../mail/mailer.ts';
import { storageContextOf } from '../storage/storage-context.ts';
import { bearer, multipart, png } from '../../test/storage.ts';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';
import { addUnit, joinUnit } from '../../test/troops.ts';
import { inlineMailImages, signPostImages } from './post-images.ts';
import { renderPost } from './render.ts';

const FIRST = { id: 'troop-1', projectId: '' };

describe.each(embeddedStore)("a post's images (%s)", (kind) => {
  let t: TestApp;
  let leader: string;
  beforeEach(async () => {
    t = await buildTestApp({ store: kind });
    FIRST.projectId = t.deps.config.projectId;
    leader = await bearer(t, 'leader-1', 'leader');
  });
  afterEach(async () => t.close());

  async function uploaded(projectId = FIRST.projectId, auth = leader, width = 40) {
    const { payload, headers } = await multipart({ data: await png(width, 30) });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/newsletter/${projectId}/images`,
      headers: { ...headers, authorization: auth },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().src as string;
  }
  const place = () => ({
    projectId: FIRST.projectId,
    homeProjectId: FIRST.projectId,
    publicUrl: t.deps.config.publicUrl,
  });
  const fetchSrc = (src: string) => {
    const url = new URL(src.replace(/&amp;/g, '&'), t.deps.config.publicUrl);
    return t.app.inject({ method: 'GET', url: url.pathname + url.search });
  };
  const srcsOf = (html: string) =>
    [...parseHTML(`<html><body>${html}</body></html>`).document.querySelectorAll('img')].map(
      (img) => img.getAttribute('src') ?? '',
    );

  it('in the app, signs the troop’s own images for an hour and leaves every other src alone', async () => {
    const src = await uploaded();
    // The stored path alone opens nothing: the troop area is not public.
    expect((await fetchSrc(src)).statusCode).not.toBe(200);

    const { appHtml } = renderPost(`![Campfire](${src})\n\nand again ![again](${src})`, place());
    const foreign =
      '<img src="/api/storage/troop-45/object/troop/newsletter/0123456789abcdef0123456789abcdef.png" alt="x" />';
    const ctx = storageContextOf(t.deps, FIRST);
    const signed = signPostImages(`${appHtml}${foreign}`, ctx);
    const [first, second, other] = srcsOf(signed);
    expect(first).toMatch(
      /^http.*\/object\/troop\/newsletter\/[0-9a-f]{32}\.png\?expires=\d+&sig=/,
    );
    expect(second).toBe(first);
    expect(other).toBe(
      '/api/storage/troop-45/object/troop/newsletter/0123456789abcdef0123456789abcdef.png',
    );
    expect(signed).toContain('alt="Campfire"');

    const opened = await fetchSrc(first!);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/png');

    // An hour later the link has gone stale; the post served again signs a fresh one.
    t.clock.advance(61 * 60 * 1000);
    expect((await fetchSrc(first!)).statusCode).not.toBe(200);
    const again = srcsOf(signPostImages(appHtml, storageContextOf(t.deps, FIRST)))[0]!;
    expect((await fetchSrc(again)).statusCode).toBe(200);
  });

  it('signs the html parts of a post and leaves its event cards as they are', async () => {
    const src = await uploaded();
    const parts = [
      { html: `<p><img src="${src}" alt="a" /></p>` },
      { event: { id: 'camp-1', date: '2026-12-01' } },
    ];
    const signed = signPostImages(parts, storageContextOf(t.deps, FIRST));
    expect(signed[1]).toEqual(parts[1]);
    const [link] = srcsOf((signed[0] as { html: string }).html);
    expect((await fetchSrc(link!)).statusCode).toBe(200);
  });

  it('in the mail, carries each image once inside the message under its Content-ID', async () => {
    const src = await uploaded();
    const gone = src.replace(/[0-9a-f]{32}/, 'f'.repeat(32));
    const { mailHtml } = renderPost(
      `![Campfire](${src})\n\n![again](${src})\n\n![gone](${gone})`,
      place(),
    );
    const planted = `${mailHtml}<img src="https://tracker.example/p.gif" alt="" />`;
    const { html, attachments } = await inlineMailImages(planted, FIRST, t.deps.files);

    expect(attachments).toHaveLength(1);
    const [image] = attachments;
    expect(image!.contentType).toBe('image/png');
    expect(image!.content.subarray(1, 4).toString()).toBe('PNG');
    // Every image the mail shows is inside it; the missing one and the tracker are gone.
    expect(srcsOf(html)).toEqual([`cid:${image!.cid}`, `cid:${image!.cid}`]);
    expect(html).not.toMatch(/tracker\.example|\/api\/storage\//);
    expect(html).toContain('alt="Campfire"');

    const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const sent = await composer.sendMail(
      toNodemailerMessage(
        {
          to: [{ address: 'parent@example.org' }],
          subject: 'Camp news',
          text: 'Camp news',
          html,
          inlineImages: attachments,
        },
        'troop@example.org',
      ),
    );
    const raw = sent.message.toString();
    expect(raw).toMatch(/Content-Type: multipart\/related/);
    expect(raw).toContain(`Content-ID: <${image!.cid}>`);
    expect(raw).toMatch(/Content-Disposition: inline/);
    expect(raw).not.toMatch(/src=3D"?http|src="http/);
  });

  it("inlines a troop's images from that troop's own storage only", async () => {
    await addUnit(t, { id: 't45', number: '45', projectId: 'troop-45' });
    const other = await bearer(t, 'leader-45', 'leader');
    await t.deps.store.query(`DELETE FROM memberships WHERE user_id = 'leader-45'`);
    await joinUnit(t, 'leader-45', 't45', 'leader');
    const theirs = await uploaded('troop-45', other);
    const html = `<p><img src="${theirs}" alt="" /></p>`;

    const t45 = { id: 't45', projectId: 'troop-45' };
    expect((await inlineMailImages(html, t45, t.deps.files)).attachments).toHaveLength(1);
    // Read as the first troop's post, the other troop's image is not carried.
    const asFirst = await inlineMailImages(html, FIRST, t.deps.files);
    expect(asFirst).toEqual({ html: '<p></p>', attachments: [] });
    // Nor signed for the first troop's readers.
    expect(signPostImages(html, storageContextOf(t.deps, FIRST))).toBe(html);
  });
});
