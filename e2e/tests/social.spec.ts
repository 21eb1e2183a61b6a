/**
 * The troop's social feed at phone size: a leader posts two campout photos from the Social tab,
 * a parent reacts and comments on them, a scout's post waits for a leader (the scout is told so,
 * another parent does not see it) until the leader approves it from "Waiting for you", and the
 * dashboard's Social card shows the latest posts. Axe finds nothing serious. Who reads what (the
 * youth-protection rules) is the server's tests (server/src/social/).
 */
import { expect, test } from '../support/fixtures.ts';
import { newMember } from '../support/accounts.ts';
import { pngImage } from '../support/png.ts';
import { contextSignedIn, PROJECT_ID } from '../support/sessions.ts';
import { troopApi, type Session } from '../support/troop-api.ts';
import { firstAdmin, startTroopServer, type TroopServer } from '../support/troop-server.ts';
import {
  closeToasts,
  seriousViolations,
  sidewaysOverflow,
  VIEWPORTS,
} from '../support/viewports.ts';

test.describe('the social feed', () => {
  let troop: TroopServer | undefined;
  test.afterAll(async () => troop?.stop());

  test("phone: a leader posts campout photos, a parent comments, a scout's post waits for the leader's approval, and the card shows the latest", async ({
    browser,
  }) => {
    troop = await startTroopServer({}, { projectId: PROJECT_ID });
    const api = troopApi(troop);
    const stamp = Math.random().toString(36).slice(2, 7);
    const last = `Feed${stamp}`;
    const admin = await firstAdmin(troop, `pat.${stamp}@troop214.example`, 'council-fire-2026');
    const lena = newMember('Lena', last);
    const ann = newMember('Ann', last);
    const ray = newMember('Ray', last);
    const kit = newMember('Kit', last);
    kit.troopRole = 'Scout';
    const link = await api.invite(admin, 4);
    const lenaSession = await api.join(link, lena);
    await api.setRole(admin, lenaSession.user.id, 'leader');
    const annSession = await api.join(link, ann);
    const raySession = await api.join(link, ray);
    const kitSession = await api.join(link, kit);
    const households = `${troop.baseUrl}/api/households/${PROJECT_ID}`;
    const call = async (as: Session, path: string, body: unknown) => {
      const res = await fetch(`${households}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${as.access_token}`,
        },
        body: JSON.stringify(body),
      });
      expect(res.ok, `POST ${path}: ${await res.clone().text()}`).toBe(true);
      return res.json();
    };
    // Ann is a parent of another household; Ray is Kit's parent, who lets Kit post.
    await call(annSession, '/mine/scouts', { firstName: 'Jo', lastName: last, patrol: 'Hawks' });
    const { scout } = await call(raySession, '/mine/scouts', {
      firstName: 'Kit',
      lastName: last,
      patrol: 'Owls',
      mayPost: true,
    });
    const { url } = await call(raySession, '/mine/invitations', {
      kind: 'scout',
      scoutId: scout.id,
    });
    await call(kitSession, '/invitations/accept', {
      token: new URL(url).searchParams.get('family'),
    });

    // Lena posts two campout photos from the Social tab.
    const leaderContext = await contextSignedIn(browser, lena, troop.baseUrl, VIEWPORTS.phone);
    const leader = await leaderContext.newPage();
    await leader.goto('/');
    await leader
      .getByRole('navigation', { name: 'Tab bar' })
      .getByRole('button', { name: 'Social' })
      .click();
    await expect(leader.getByRole('heading', { level: 1, name: 'Social' })).toBeVisible();
    await expect(leader).toHaveURL(/\/social$/);
    const composer = leader.getByRole('region', { name: 'New post' });
    const campout = `Ridge campout ${stamp}: tents up before dark!`;
    await composer.getByLabel('Post text').fill(campout);
    await composer.getByLabel('Add photos').setInputFiles([
      { name: 'tents.png', mimeType: 'image/png', buffer: pngImage(64, 48) },
      { name: 'campfire.png', mimeType: 'image/png', buffer: pngImage(48, 64) },
    ]);
    // Ann is told by mail, whatever her settings: she reads the channel.
    await composer.getByText('Mention someone').click();
    await composer.getByRole('checkbox', { name: `Ann ${last}` }).check();
    const chosen = composer.getByRole('list', { name: 'Chosen photos' });
    await expect(chosen.getByRole('img', { name: /^Photo 1: / })).toBeVisible();
    await expect(chosen.getByRole('img', { name: /^Photo 2: / })).toBeVisible();
    await composer.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(composer.getByLabel('Post text')).toHaveValue('');
    const lenaPost = leader.getByRole('article', { name: new RegExp(`^Lena ${last}`) });
    await expect(lenaPost.getByText(campout)).toBeVisible();
    await expect(lenaPost.getByRole('list', { name: 'Photos' }).getByRole('img')).toHaveCount(2);
    await expect(lenaPost.getByText(`Mentioned: Ann ${last}`)).toBeVisible();
    await closeToasts(leader);
    expect(await sidewaysOverflow(leader)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(leader)).toEqual([]);

    // Ann likes it and comments in its thread.
    const annContext = await contextSignedIn(browser, ann, troop.baseUrl, VIEWPORTS.phone);
    const annPage = await annContext.newPage();
    await annPage.goto('/social');
    const seen = annPage.getByRole('article', { name: new RegExp(`^Lena ${last}`) });
    const like = seen.getByRole('button', { name: 'Like, 0' });
    await like.click();
    await expect(seen.getByRole('button', { name: 'Like, 1' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await seen.getByRole('link', { name: /^0 comments/ }).click();
    await expect(annPage).toHaveURL(/\/social\/posts\/[^/]+$/);
    await expect(
      annPage.getByRole('heading', { level: 1, name: `Post by Lena ${last}` }),
    ).toBeVisible();
    const thumb = annPage.getByRole('img', { name: new RegExp(`^Photo 1 of 2 by Lena ${last}`) });
    expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const comment = 'Great photos, thank you!';
    await annPage.getByLabel('Add a comment').fill(comment);
    // Lena is told by mail of the comment that mentions her (notify.test.ts reads that mail).
    await annPage.getByText('Mention someone').click();
    await annPage.getByRole('checkbox', { name: `Lena ${last}` }).check();
    await annPage.getByRole('button', { name: 'Comment', exact: true }).click();
    const comments = annPage.getByRole('region', { name: 'Comments' });
    const annComment = comments.getByRole('listitem').filter({ hasText: comment });
    await expect(annComment).toContainText(`Ann ${last}`);
    await expect(annComment.getByText(`Mentioned: Lena ${last}`)).toBeVisible();
    await expect(annPage.getByRole('checkbox', { name: `Lena ${last}` })).not.toBeChecked();
    await closeToasts(annPage);
    expect(await seriousViolations(annPage)).toEqual([]);

    // Kit posts; a leader approves scouts' posts first, and Kit is told so.
    const kitContext = await contextSignedIn(browser, kit, troop.baseUrl, VIEWPORTS.phone);
    const kitPage = await kitContext.newPage();
    await kitPage.goto('/social');
    const kitComposer = kitPage.getByRole('region', { name: 'New post' });
    await expect(kitComposer.getByText(/A leader approves posts by scouts/)).toBeVisible();
    const kitText = `We built the camp kitchen ${stamp}`;
    await kitComposer.getByLabel('Post to').selectOption({ label: 'Whole troop' });
    await kitComposer.getByLabel('Post text').fill(kitText);
    await kitComposer.getByRole('button', { name: 'Post', exact: true }).click();
    const kitPost = kitPage.getByRole('article', { name: new RegExp(`^Kit ${last}`) });
    await expect(kitPost.getByText(kitText)).toBeVisible();
    await expect(kitPost.getByText("Waiting for a leader's approval")).toBeVisible();
    await closeToasts(kitPage);
    expect(await seriousViolations(kitPage)).toEqual([]);

    // Ann's feed has Lena's post, not Kit's.
    await annPage.goto('/social');
    await expect(annPage.getByText(campout)).toBeVisible();
    await expect(annPage.getByText(kitText)).toHaveCount(0);

    // Lena approves it from what waits for her; Ann's feed shows it then, live.
    await leader.reload();
    const waiting = leader.getByRole('region', { name: /^Waiting for you/ });
    const waitingPost = waiting.getByRole('article', { name: new RegExp(`^Kit ${last}`) });
    await expect(waitingPost.getByText(kitText)).toBeVisible();
    await waitingPost.getByRole('button', { name: 'Approve' }).click();
    await expect(waiting.getByText('Nothing waits for you.')).toBeVisible();
    await expect(annPage.getByText(kitText)).toBeVisible();

    // Ann's dashboard card: the latest posts, newest first, each opening its thread.
    await annPage.goto('/');
    const card = annPage.getByRole('region', { name: 'Social', exact: true });
    const blocks = card.getByRole('list', { name: 'Latest social posts' }).getByRole('listitem');
    await expect(blocks.nth(0).getByRole('link')).toHaveAccessibleName(`Kit ${last}: ${kitText}`);
    await expect(blocks.nth(1).getByRole('link')).toHaveAccessibleName(
      new RegExp(`^Lena ${last}: Ridge campout`),
    );
    await expect(blocks.nth(2)).toHaveText('No earlier posts');
    expect(await sidewaysOverflow(annPage)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(annPage)).toEqual([]);
    await blocks.nth(1).getByRole('link').click();
    await expect(
      annPage.getByRole('heading', { level: 1, name: `Post by Lena ${last}` }),
    ).toBeVisible();
    await annPage.goto('/');
    await card.getByRole('button', { name: 'View Social' }).click();
    await expect(annPage.getByRole('heading', { level: 1, name: 'Social' })).toBeVisible();
  });
});
