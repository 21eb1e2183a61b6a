/**
 * `npm run bench:newsletter`: how long a troop of 150 members waits for a newsletter sent now
 * (docs/decisions/081-newsletter-posts.md). The compiled server (server/dist/main.js) runs on
 * each store (BENCH_STORES, default `sqlite,postgres`; BENCH_PG_URL) and sends through SMTP to a
 * real `smtp-server` peer in this process (bench/wave-peer.ts). Once the server answers, a post
 * is queued to go now, as the send route does (the post `scheduled` and its `newsletter-send`
 * job in one transaction); the time printed runs from then until the peer has accepted all 150
 * mails: the fan-out job, then one `newsletter-mail` job per member, each rendered with its
 * event card's answer links. It prints seconds and asserts nothing.
 */
import crypto from 'node:crypto';
import { enqueueJob } from '../server/src/jobs/queue.ts';
import { FIRST_TROOP_ID } from '../server/src/store/tenancy.ts';
import { forEachBenchStore, startOurServer, type BenchStore } from './bench-stores.ts';
import { freePort, waitFor } from './processes.ts';
import { startWavePeer } from './wave-peer.ts';

const MEMBERS = 150;
const GIVE_UP_MS = 5 * 60_000;
const iso = (ms = Date.now()) => new Date(ms).toISOString();

/** 150 accounts (each a member of the first troop on creation) and an event to card. */
async function seed(bench: BenchStore): Promise<string> {
  const { store } = bench;
  await store.query('UPDATE troops SET name = ? WHERE id = ?', [
    'Troop 12 Lakeside',
    FIRST_TROOP_ID,
  ]);
  const ids: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
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

async function queuePost(bench: BenchStore, eventId: string): Promise<void> {
  const postId = crypto.randomUUID();
  const now = Date.now();
  const sendAt = iso(now);
  const body = `# June\n\nHello **everyone**, here is the month.\n\n[Campout](/calendar/events/${eventId})\n\n- Bring a coat\n- Bring a friend\n\nSee you there.`;
  await bench.store.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO newsletter_posts (id, troop_id, kind, title, body, audience, patrols, status, send_at, created_at, updated_at)
       VALUES (?, ?, 'newsletter', 'June issue', ?, 'troop', '[]', 'scheduled', ?, ?, ?)`,
      [postId, FIRST_TROOP_ID, body, sendAt, sendAt, sendAt],
    );
    await enqueueJob(tx, now, {
      kind: 'newsletter-send',
      dedupeKey: `newsletter-send:${postId}:${sendAt}`,
      troopId: FIRST_TROOP_ID,
      payload: { postId, sendAt },
    });
  });
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
    const started = performance.now();
    await queuePost(bench, eventId);
    const deadline = Date.now() + GIVE_UP_MS;
    const since = () => peer.deliveries.filter((d) => d.at >= started);
    let received = 0;
    for (;;) {
      received = new Set(since().flatMap((d) => d.rcptTo)).size;
      if (received >= MEMBERS || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${bench.kind}: ${received} of ${MEMBERS} members mailed in ${seconds.toFixed(2)} s` +
        ` (${since().length} mails accepted since the send)`,
    );
  } finally {
    await peer.close();
  }
});
