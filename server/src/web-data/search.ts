/**
 * Web search through a SearXNG instance (SEARCH_URL), its JSON API (`GET /search?q=&format=json`,
 * docs/operations.md, Web search through SearXNG), mapped to the answer shape existing clients
 * read: `{organic_results, related_searches, news_results, image_results, ...}`. `tbm` picks
 * SearXNG's category (news, images, videos, shopping); `hl` is its `language`; `num` cuts the
 * first page it answers (it has no count to ask for). SearXNG has no notion of a searcher's
 * location, so `location` is accepted, for the clients that send it, and not sent.
 */
import { z } from 'zod';
import { ApiError } from '../errors.ts';
import type { OutboundClient } from './outbound-client.ts';

export const searchRequest = z.object({
  q: z.string().trim().min(1).max(500),
  location: z.string().max(200).optional(),
  hl: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'a language code such as en or en-US')
    .optional(),
  tbm: z.enum(['nws', 'isch', 'vid', 'shop']).optional(),
  num: z.coerce.number().int().min(1).max(100).optional(),
});
export type SearchRequest = z.output<typeof searchRequest>;

const position = { position: z.number() };
export const searchAnswer = z.object({
  search_information: z.object({ query: z.string(), total_results: z.number() }),
  organic_results: z.array(
    z.object({
      ...position,
      title: z.string(),
      link: z.string(),
      snippet: z.string(),
      date: z.string().optional(),
    }),
  ),
  related_searches: z.array(z.object({ query: z.string() })),
  news_results: z.array(
    z.object({
      ...position,
      title: z.string(),
      link: z.string(),
      snippet: z.string(),
      source: z.string(),
      date: z.string().optional(),
    }),
  ),
  image_results: z.array(
    z.object({
      ...position,
      title: z.string(),
      link: z.string(),
      original: z.string(),
      thumbnail: z.string(),
    }),
  ),
  video_results: z.array(
    z.object({
      ...position,
      title: z.string(),
      link: z.string(),
      snippet: z.string(),
      thumbnail: z.string(),
      duration: z.string().optional(),
    }),
  ),
  shopping_results: z.array(
    z.object({
      ...position,
      title: z.string(),
      link: z.string(),
      snippet: z.string(),
      price: z.string().optional(),
    }),
  ),
  answer_box: z.object({ answer: z.string() }).optional(),
});
export type SearchAnswer = z.output<typeof searchAnswer>;

/** The fields of a SearXNG result this mapping reads (the rest is ignored). */
const searxResult = z.looseObject({
  url: z.string(),
  title: z.string().catch(''),
  content: z.string().nullish().catch(''),
  engine: z.string().nullish().catch(''),
  publishedDate: z.string().nullish().catch(null),
  img_src: z.string().nullish().catch(''),
  thumbnail: z.string().nullish().catch(''),
  thumbnail_src: z.string().nullish().catch(''),
  length: z.union([z.string(), z.number()]).nullish().catch(null),
  price: z.string().nullish().catch(null),
});
const searxAnswer = z.looseObject({
  query: z.string().catch(''),
  number_of_results: z.number().catch(0),
  results: z.array(z.unknown()).catch([]),
  answers: z.array(z.unknown()).catch([]),
  suggestions: z.array(z.string()).catch([]),
});

const CATEGORY = { nws: 'news', isch: 'images', vid: 'videos', shop: 'shopping' } as const;

const hostOf = (link: string) => {
  try {
    return new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
};

/** A video's length as SearXNG gives it: the engine's own text ("4:12"), or seconds. */
function duration(length: string | number): string {
  if (typeof length === 'string') return length;
  const total = Math.round(length);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function answerText(a: unknown): string | undefined {
  if (typeof a === 'string') return a;
  if (a && typeof a === 'object' && 'answer' in a && typeof a.answer === 'string') return a.answer;
  return undefined;
}

/** SearXNG's JSON answer in the shape clients read. Pure. */
export function mapSearxng(raw: unknown, input: SearchRequest): SearchAnswer {
  const parsed = searxAnswer.safeParse(raw);
  if (!parsed.success)
    throw new ApiError('SEARCH_FAILED', 'The search provider answered something unreadable');
  const data = parsed.data;
  const results = data.results
    .map((r) => searxResult.safeParse(r))
    .flatMap((r) => (r.success && /^https?:\/\//.test(r.data.url) ? [r.data] : []))
    .slice(0, input.num ?? 10);
  const common = (r: (typeof results)[number], i: number) => ({
    position: i + 1,
    title: r.title,
    link: r.url,
  });
  const date = (r: (typeof results)[number]) => (r.publishedDate ? { date: r.publishedDate } : {});
  const answer: SearchAnswer = {
    search_information: {
      query: data.query || input.q,
      total_results: data.number_of_results || results.length,
    },
    organic_results: [],
    related_searches: data.suggestions.map((query) => ({ query })),
    news_results: [],
    image_results: [],
    video_results: [],
    shopping_results: [],
  };
  const first = data.answers.map(answerText).find(Boolean);
  if (first) answer.answer_box = { answer: first };
  switch (input.tbm) {
    case 'nws':
      answer.news_results = results.map((r, i) => ({
        ...common(r, i),
        snippet: r.content ?? '',
        source: hostOf(r.url),
        ...date(r),
      }));
      break;
    case 'isch':
      answer.image_results = results.map((r, i) => ({
        ...common(r, i),
        original: r.img_src || r.url,
        thumbnail: r.thumbnail_src || r.thumbnail || r.img_src || '',
      }));
      break;
    case 'vid':
      answer.video_results = results.map((r, i) => ({
        ...common(r, i),
        snippet: r.content ?? '',
        thumbnail: r.thumbnail || '',
        ...(r.length !== null && r.length !== undefined ? { duration: duration(r.length) } : {}),
      }));
      break;
    case 'shop':
      answer.shopping_results = results.map((r, i) => ({
        ...common(r, i),
        snippet: r.content ?? '',
        ...(r.price ? { price: r.price } : {}),
      }));
      break;
    default:
      answer.organic_results = results.map((r, i) => ({
        ...common(r, i),
        snippet: r.content ?? '',
        ...date(r),
      }));
  }
  return answer;
}

/** Asks the configured SearXNG; 503 SEARCH_NOT_CONFIGURED without SEARCH_URL. */
export async function runSearch(
  searchUrl: string | undefined,
  client: OutboundClient,
  timeoutMs: number,
  input: SearchRequest,
): Promise<SearchAnswer> {
  if (!searchUrl) throw new ApiError('SEARCH_NOT_CONFIGURED');
  const url = new URL('search', searchUrl.endsWith('/') ? searchUrl : `${searchUrl}/`);
  url.searchParams.set('q', input.q);
  url.searchParams.set('format', 'json');
  url.searchParams.set('pageno', '1');
  url.searchParams.set('categories', input.tbm ? CATEGORY[input.tbm] : 'general');
  if (input.hl) url.searchParams.set('language', input.hl);
  let res;
  try {
    res = await client.request({
      url: url.href,
      headers: { accept: 'application/json' },
      maxBytes: 5 * 1024 * 1024,
      timeoutMs,
      maxRedirects: 0,
    });
  } catch {
    throw new ApiError('SEARCH_FAILED');
  }
  if (res.status !== 200)
    throw new ApiError('SEARCH_FAILED', `The search provider answered ${res.status}`);
  let body: unknown;
  try {
    body = JSON.parse(res.body.toString('utf8'));
  } catch {
    throw new ApiError(
      'SEARCH_FAILED',
      'The search provider did not answer JSON (is format json enabled?)',
    );
  }
  return mapSearxng(body, input);
}
