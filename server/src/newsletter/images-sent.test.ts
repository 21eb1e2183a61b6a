/**
 * A post's images where readers meet them: the opened post and the writer's preview show each
 * through a link signed for the reader, and the mail that reaches a real SMTP peer carries each
 * inside it, a council's post too, so no mail program fetches anything.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bearer } from '../../test/auth.ts';
import { buildMailTestApp, type MailTestApp } from '../../test/auth-links.ts';
import { callNewsletter, writeDraft } from '../../test/newsletter.ts';
import { NOW, runJobs } from '../../test/notices.ts';
import { addTroopMember, type TestMember } from '../../test/rest.ts';
import { multipart, png } from '../../test/storage.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import { addUnit } from '../../test/troops.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

describe.each(testStoreKinds)('newsletter images on their way (%s)', (kind) => {
  let t: MailTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function troop() {
    const app = await buildMailTestApp(kind);
    app.clock.set(NOW);
    t = app;
    const leader = await addTroopMember(app, 'chief', { [FIRST_TROOP_ID]: 'leader' });
    const parent = await addTroopMember(app, 'mum', { [FIRST_TROOP_ID]: 'user' });
    return { t: app, leader, parent };
  }

  async function upload(app: MailTestApp, who: TestMember, projectId = app.deps.config.projectId) {
    const { payload, headers } = await multipart({ data: await png(40, 30) });
    const res = await app.app.inject({
      method: 'POST',
      url: `/api/newsletter/${projectId}/images`,
      headers: { ...headers, ...bearer(who.token) },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().src as string;
  }

  const imgSrcs = (html: string) =>
    [...html.matchAll(/<img[^>]* src="([^"]*)"/g)].map((m) => m[1]!);
  const open = (app: MailTestApp, src: string) => {
    const url = new URL(src.replace(/&amp;/g, '&'), app.deps.config.publicUrl);
    return app.app.inject({ method: 'GET', url: url.pathname + url.search });
  };

  it('an opened post and the preview show the image through a signed link that opens it', async () => {
    const { t: app, leader, parent } = await troop();
    const src = await upload(app, leader);
    const body = `Our fire:\n\n![Campfire](${src})`;
    const auth = bearer(leader.token).authorization;

    const preview = await callNewsletter(app, auth, 'POST', '/preview', {
      kind: 'newsletter',
      title: 'Camp',
      body,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const previewed = imgSrcs(preview.json().parts[0].html);
    expect(previewed).toHaveLength(1);
    expect((await open(app, previewed[0]!)).statusCode).toBe(200);
    const [mailPreview] = imgSrcs(preview.json().mailHtml);
    expect((await open(app, mailPreview!)).statusCode).toBe(200);

    const id = await writeDraft(app, auth, { title: 'Camp', body });
    expect((await callNewsletter(app, auth, 'POST', `/posts/${id}/send`, {})).statusCode).toBe(200);
    await runJobs(app);
    const read = await callNewsletter(
      app,
      bearer(parent.token).authorization,
      'GET',
      `/posts/${id}`,
    );
    expect(read.statusCode, read.body).toBe(200);
    const [shown] = imgSrcs(read.json().post.parts[0].html);
    expect(shown).toMatch(/\?expires=\d+&amp;sig=/);
    const image = await open(app, shown!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // The path the post stores opens nothing by itself.
    expect((await open(app, src)).statusCode).not.toBe(200);
  });

  it('the mail carries the image inline by its Content-ID and names no address to fetch', async () => {
    const { t: app, leader, parent } = await troop();
    const src = await upload(app, leader);
    const auth = bearer(leader.token).authorization;
    const id = await writeDraft(app, auth, { title: 'Camp photos', body: `![Campfire](${src})` });
    expect((await callNewsletter(app, auth, 'POST', `/posts/${id}/send`, {})).statusCode).toBe(200);
    await runJobs(app);

    const mail = app.peer.received.find(
      (m) => m.parsed.subject === 'Camp photos' && m.rcptTo.includes(parent.email),
    );
    expect(mail).toBeDefined();
    const [image] = mail!.parsed.attachments;
    expect(mail!.parsed.attachments).toHaveLength(1);
    expect(image!.contentType).toBe('image/png');
    expect(image!.cid).toMatch(/^[0-9a-f]{32}@newsletter\.image$/);
    expect(image!.related).toBe(true);
    expect(mail!.raw).toMatch(/multipart\/related/);
    // The HTML part names the image by its Content-ID only (the parser resolves it to data:).
    expect(mail!.raw.replace(/=\r?\n/g, '')).toContain(`src=3D"cid:${image!.cid}"`);
    expect(mail!.raw).not.toMatch(/\/api\/storage\//);
  });

  it("a council's post mailed into a troop carries the council's image", async () => {
    const { t: app, parent } = await troop();
    await addUnit(app, {
      id: 'c1',
      kind: 'council',
      projectId: 'council-1',
      name: 'Lakes Council',
    });
    await app.deps.store.query('UPDATE troops SET council_id = ? WHERE id = ?', [
      'c1',
      FIRST_TROOP_ID,
    ]);
    app.deps.troops.forget();
    const chief = await addTroopMember(app, 'council-chief', { c1: 'leader' });
    const src = await upload(app, chief, 'council-1');
    expect(src).toMatch(/^\/api\/storage\/council-1\/object\/troop\/newsletter\//);
    const auth = bearer(chief.token).authorization;
    const id = await writeDraft(
      app,
      auth,
      { title: 'Council camp', body: `![Lake](${src})` },
      'council-1',
    );
    const sent = await callNewsletter(app, auth, 'POST', `/posts/${id}/send`, {}, 'council-1');
    expect(sent.statusCode, sent.body).toBe(200);
    await runJobs(app);

    const mail = app.peer.received.find(
      (m) => m.parsed.subject === 'Council camp' && m.rcptTo.includes(parent.email),
    );
    expect(mail?.parsed.attachments).toHaveLength(1);
    // In the troop's archive the council's image opens through the council's signed link.
    const read = await callNewsletter(
      app,
      bearer(parent.token).authorization,
      'GET',
      `/posts/${id}`,
    );
    expect(read.statusCode, read.body).toBe(200);
    const [shown] = imgSrcs(read.json().post.parts[0].html);
    expect((await open(app, shown!)).statusCode).toBe(200);
  });
});
