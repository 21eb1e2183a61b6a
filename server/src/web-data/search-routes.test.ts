import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  searxngFixture,
  startSearxngSimulation,
  type SearxngSimulation,
} from '../../test/searxng-simulation.ts';
import { embeddedStore } from '../../test/test-app.ts';
import { dataAppPerTest } from '../../test/web-data.ts';

let searx: SearxngSimulation;
let noJson: SearxngSimulation;
beforeAll(async () => {
  searx = await startSearxngSimulation();
  noJson = await startSearxngSimulation({ json: false });
});
afterAll(async () => {
  await searx.close();
  await noJson.close();
});

describe('the SearXNG simulation speaks the search API', () => {
  it('answers format=json with the committed answer in SearXNG’s shape, and refuses other formats with 403', async () => {
    const res = await fetch(`${searx.url}/search?q=knots&format=json`);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'answers',
      'corrections',
      'infoboxes',
      'number_of_results',
      'query',
      'results',
      'suggestions',
      'unresponsive_engines',
    ]);
    expect(body).toEqual({ ...searxngFixture('general'), query: 'knots' });
    // Every result has the fields SearXNG fills in when it merges engines' results.
    for (const category of ['general', 'news', 'images', 'videos', 'shopping'])
      for (const r of searxngFixture(category).results)
        expect(Object.keys(r), `${category} ${String(r.url)}`).toEqual(
          expect.arrayContaining([
            'url',
            'title',
            'content',
            'engine',
            'engines',
            'positions',
            'score',
            'category',
            'publishedDate',
            'parsed_url',
            'template',
          ]),
        );
    expect((await fetch(`${searx.url}/search?q=knots`)).status).toBe(403);
  });
});

describe.each(embeddedStore)('POST /api/data/:projectId/search (%s)', (kind) => {
  const app = dataAppPerTest(kind);
  // SEARCH_URL is the operator's own: reachable although loopback is not otherwise allowed.
  const build = (searchUrl: string | undefined) => app({ allow: [], config: { searchUrl } });

  it('maps web results, suggestions and the answer, asking SearXNG in the language given', async () => {
    const a = await build(searx.url);
    const res = await a.post(
      'search',
      { q: 'knot tying', hl: 'en-US', num: 3, location: 'Austin, Texas, United States' },
      a.leader,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const raw = searxngFixture('general');
    // In SearXNG's order (best score first), cut at num, each as position, title, link, snippet.
    expect(body.organic_results).toEqual(
      raw.results.slice(0, 3).map((r, i) => ({
        position: i + 1,
        title: r.title,
        link: r.url,
        snippet: r.content,
        ...(r.publishedDate ? { date: r.publishedDate } : {}),
      })),
    );
    expect(body.organic_results[2]).toMatchObject({
      title: 'Knots Every Scout Should Know',
      date: '2025-09-14T00:00:00',
    });
    expect(body.search_information).toEqual({ query: 'knot tying', total_results: 1870000 });
    expect(body.related_searches).toEqual([
      { query: 'knot tying for beginners' },
      { query: 'knot tying chart' },
      { query: 'knot tying game' },
    ]);
    expect(body.answer_box).toEqual({
      answer:
        'A knot is an intentional complication in cordage which may be practical or decorative, or both.',
    });
    expect(body.news_results).toEqual([]);
    expect(body.image_results).toEqual([]);
    const asked = searx.received.at(-1);
    expect([asked?.get('categories'), asked?.get('language'), asked?.get('format')]).toEqual([
      'general',
      'en-US',
      'json',
    ]);
    // SearXNG has no searcher's location: it is not sent, and num is cut here, not asked for.
    expect([...(asked?.keys() ?? [])].sort()).toEqual([
      'categories',
      'format',
      'language',
      'pageno',
      'q',
    ]);
  });

  it('maps news, images, videos and shopping by tbm', async () => {
    const a = await build(searx.url);
    const news = (await a.post('search', { q: 'camporee', tbm: 'nws' }, a.leader)).json();
    expect(news.news_results).toHaveLength(3);
    expect(news.news_results[0]).toEqual({
      position: 1,
      title: 'Spring camporee draws 400 scouts to Camp Napowan',
      link: 'https://www.dailyherald.example/news/20260302/spring-camporee-draws-400-scouts',
      snippet:
        'Troops from across the district pitched tents for a weekend of orienteering, first aid and fire building contests.',
      source: 'dailyherald.example',
      date: '2026-03-02T14:30:00',
    });
    expect(news.news_results[2].date).toBeUndefined();
    expect(news.organic_results).toEqual([]);
    const images = (await a.post('search', { q: 'tent', tbm: 'isch' }, a.leader)).json();
    expect(images.image_results[1]).toEqual({
      position: 2,
      title: 'Scout camp tents',
      link: 'https://commons.wikimedia.org/wiki/File:Scout_camp_tents.jpg',
      original: 'https://upload.wikimedia.org/wikipedia/commons/b/b1/Scout_camp_tents.jpg',
      thumbnail:
        'https://upload.wikimedia.org/wikipedia/commons/thumb/b/b1/Scout_camp_tents.jpg/300px-Scout_camp_tents.jpg',
    });
    const videos = (await a.post('search', { q: 'knots', tbm: 'vid' }, a.leader)).json();
    // A length as the engine wrote it, and one SearXNG gives in seconds.
    expect(videos.video_results.map((v: { duration: string }) => v.duration)).toEqual([
      '4:12',
      '4:23',
    ]);
    expect(videos.video_results[0]).toMatchObject({
      link: 'https://www.youtube.com/watch?v=7ebSqD2ZsgY',
      thumbnail: 'https://i.ytimg.com/vi/7ebSqD2ZsgY/hqdefault.jpg',
    });
    const shop = (await a.post('search', { q: 'stove', tbm: 'shop' }, a.leader)).json();
    expect(shop.shopping_results[1]).toEqual({
      position: 2,
      title: 'MSR PocketRocket 2 Backpacking Stove',
      link: 'https://www.ebay.com/itm/395566778899',
      snippet: 'Brand New · MSR',
      price: '$44.95',
    });
    expect(searx.received.slice(-4).map((p) => p.get('categories'))).toEqual([
      'news',
      'images',
      'videos',
      'shopping',
    ]);
  });

  it('answers 503 SEARCH_NOT_CONFIGURED without SEARCH_URL, 502 when the instance refuses JSON', async () => {
    const a = await build(undefined);
    const res = await a.post('search', { q: 'knots' }, a.leader);
    expect([res.statusCode, res.json().code]).toEqual([503, 'SEARCH_NOT_CONFIGURED']);
    await a.close();
    const b = await build(noJson.url);
    const refused = await b.post('search', { q: 'knots' }, b.leader);
    expect([refused.statusCode, refused.json().code]).toEqual([502, 'SEARCH_FAILED']);
  });

  it('answers bad input with 400 and members without data.use with 403', async () => {
    const a = await build(searx.url);
    for (const payload of [
      {},
      { q: '' },
      { q: 'x', tbm: 'web' },
      { q: 'x', num: 0 },
      { q: 'x', hl: 'english!' },
    ])
      expect((await a.post('search', payload, a.leader)).statusCode).toBe(400);
    expect((await a.post('search', { q: 'x' }, a.member)).statusCode).toBe(403);
  });
});
