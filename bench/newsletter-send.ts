/**
 * `npm run bench:newsletter`: how long a troop of 150 members waits for a newsletter sent now
 * (docs/decisions/081-newsletter-posts.md). The compiled server (server/dist/main.js) runs on
 * each store (BENCH_STORES, default `sqlite,postgres`; BENCH_PG_URL) and sends through SMTP to a
 * real `smtp-server` peer in this process (bench/wave-peer.ts), with its default settings (the
 * worker's look for jobs every 5 s among them). A leader writes the post through the API; the
 * time printed runs from the send route's call until the peer has accepted all 150 mails (the
 * fan-out job, then one `newsletter-mail` job per member, the leader among them, each rendered
 * with its event card's answer links). Beside it, the floor: the same SMTP pool handing the peer 150
 * ready-made mails at once. It prints seconds and their ratio, and asserts nothing.
 */
import crypto from 'node:crypto';
import { signAccessToken } from '../server/src/auth/tokens.ts';
import { loadConfig } from '../server/src/config.ts';
import { createSmtpMailer } from '../server/src/mail/smtp.ts';
import { loadOrCreateSecret } from '../server/src/secret.ts';
import { FIRST_TROOP_ID } from '../server/src/store/tenancy.ts';
import { benchMember, forEachBenchStore, startOurServer, type BenchStore } from './bench-stores.ts';
import { freePort, waitFor } from './processes.ts';
import { startWavePeer } from './wave-peer.ts';

const MEMBERS = 150;
const PROJECT_ID = loadConfig({}).projectId;
const GIVE_UP_MS = 5 * 60_000;
const iso = (ms = Date.now()) => new Date(ms).toISOString();

/** 149 accounts (each a member of the first troop on creation) and an event to card. */
async function seed(bench: BenchStore): Promise<string> {
  const { store } = bench;
  await store.query('UPDATE troops SET name = ? WHERE id = ?', [
    'Troop 12 Lakeside',
    FIRST_TROOP_ID,
  ]);
  const ids: string[] = [];
  // The bench's leader, who sends it, is the 150th.
  for (let i = 0; i < MEMBERS - 1; i++) {
    const id = crypto.randomUUID();
    ids.push(id);
    await store.query(
      'INSERT INTO users (id, email, display_name, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      [id, `member${i}@troop12.example`, `Member ${i}`, 'user', iso(), iso()],
    );
  }
  const eventId = crypto.randomUUID();
  const day = iso(Date.now() + 7 * 86_400_000).slice(0, 10);
  await store.query(
    `INSERT INTO calendar_events (id, user_id, event_name, event_date, event_time, location, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [eventId, ids[0], 'Campout', day, '09:00', 'Camp Lake', iso(), iso()],
  );
  return eventId;
}

/**
 * A leader (the bench's member, made a leader of the first troop) writes the post through the
 * API and sends it now through the send route, as the app does; answers the time of the send.
 */
async function sendThroughRoute(bench: BenchStore, base: string, eventId: string): Promise<number> {
  const leader = await benchMember(bench, Date.now());
  await bench.store.query("UPDATE memberships SET role = 'leader' WHERE user_id = ?", [
    leader.userId,
  ]);
  const token = await signAccessToken(
    loadOrCreateSecret(bench.dataDir),
    { sub: leader.userId, role: 'leader', pid: PROJECT_ID, email: leader.email },
    Date.now(),
  );
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${base}/api/newsletter/${PROJECT_ID}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { post: { id: string } };
  };
  const body = `# June\n\nHello **everyone**, here is the month.\n\n[Campout](/calendar/events/${eventId})\n\n- Bring a coat\n- Bring a friend\n\nSee you there.`;
  const { post } = await call('/posts', {
    kind: 'newsletter',
    title: 'June issue',
    body,
    audience: 'troop',
    patrols: [],
  });
  const started = performance.now();
  await call(`/posts/${post.id}/send`, {});
  return started;
}

/**
 * The floor: the same SMTP pool (the server's mailer, 3 connections) handing the peer 150
 * ready-made mails of a newsletter's size at once, with nothing read, rendered or recorded.
 */
async function smtpFloor(url: string): Promise<number> {
  const mailer = createSmtpMailer({ url, from: 'Troop 12 Lakeside <news@troop12.example>' });
  const html = `<div style="max-width:600px">${'<p>Hello <strong>everyone</strong>, here is the month.</p>'.repeat(40)}</div>`;
  const text = 'Hello everyone, here is the month.\n'.repeat(40);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: MEMBERS }, (_, i) =>
      mailer.send({
        to: [{ address: `floor${i}@troop12.example` }],
        subject: 'June issue',
        text,
        html,
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  await mailer.close?.();
  return seconds;
}

await forEachBenchStore(async (bench) => {
  const eventId = await seed(bench);
  const peer = await startWavePeer();
  try {
    const port = await freePort();
    const child = startOurServer(bench, port, {
      SMTP_URL: peer.url,
      PUBLIC_URL: 'https://troop12.example',
      TIMEZONE: 'UTC',
      // The seeded event's own new-event mail waits its batch out of the timed window.
      NOTICE_BATCH_MS: String(3_600_000),
    });
    await waitFor(`http://127.0.0.1:${port}/api/health`, child);
    const started = await sendThroughRoute(bench, `http://127.0.0.1:${port}`, eventId);
    const deadline = Date.now() + GIVE_UP_MS;
    const since = () => peer.deliveries.filter((d) => d.at >= started);
    let received = 0;
    for (;;) {
      received = new Set(since().flatMap((d) => d.rcptTo)).size;
      if (received >= MEMBERS || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    const accepted = since().length;
    if (process.env.BENCH_TRACE) {
      const ats = since()
        .map((d) => d.at - started)
        .sort((a, b) => a - b);
      console.log('first', ats[0]?.toFixed(0), 'last', ats.at(-1)?.toFixed(0));
      const gaps = ats.slice(1).map((a, i) => a - ats[i]!);
      console.log(
        'gaps>30ms',
        gaps
          .filter((g) => g > 30)
          .map((g) => g.toFixed(0))
          .join(' '),
      );
    }
    const floor = await smtpFloor(peer.url);
    console.log(
      `${bench.kind}: ${received} of ${MEMBERS} members mailed in ${seconds.toFixed(2)} s` +
        ` (${accepted} mails accepted since the send); floor ${floor.toFixed(2)} s;` +
        ` ratio ${(floor / seconds).toFixed(2)}`,
    );
  } finally {
    await peer.close();
  }
});
