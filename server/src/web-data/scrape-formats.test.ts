import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../../test/web-fixtures.ts';
import { scrapeFormats } from './scrape-formats.ts';

const page = fs.readFileSync(path.join(FIXTURE_DIR, 'council-page.html'), 'utf8');
const url = 'https://council.example/events/camporee';

describe('scrape formats', () => {
  it('answers only the formats asked for', () => {
    expect(Object.keys(scrapeFormats(page, url, ['links', 'metadata'])).sort()).toEqual([
      'links',
      'metadata',
    ]);
  });

  it('markdown: the article with its headings, without navigation', () => {
    const { markdown } = scrapeFormats(page, url, ['markdown']);
    expect(markdown).toMatch(/^# Spring Camporee 2026\n\n/);
    expect(markdown).toContain('## What to bring');
    expect(markdown).toContain('[packing list](/files/packing-list.pdf)');
    expect(markdown).not.toContain('Partner');
  });

  it('links: absolute URLs, internal, external and email', () => {
    const { links } = scrapeFormats(page, url, ['links']);
    expect(links).toEqual([
      { text: 'Home', url: 'https://council.example/', type: 'internal' },
      { text: 'Events', url: 'https://council.example/events', type: 'internal' },
      {
        text: 'packing list',
        url: 'https://council.example/files/packing-list.pdf',
        type: 'internal',
      },
      { text: 'the camp office', url: 'mailto:camp@pinevalley.example', type: 'email' },
      { text: 'Partner', url: 'https://elsewhere.example/partner', type: 'external' },
    ]);
  });

  it('extract and metadata: what the page says about itself', () => {
    const { extract, metadata } = scrapeFormats(page, url, ['extract', 'metadata']);
    expect(extract?.title).toBe('Spring Camporee 2026 | Pine Valley Council');
    expect(extract?.description).toBe('Everything troops need for the Spring Camporee.');
    expect(extract?.headings).toEqual(['Spring Camporee 2026', 'What to bring']);
    expect(extract?.text).toMatch(/^Spring Camporee 2026\n\nThe Spring Camporee takes place/);
    expect(metadata).toEqual({
      title: 'Spring Camporee 2026 | Pine Valley Council',
      description: 'Everything troops need for the Spring Camporee.',
      url,
      domain: 'council.example',
      favicon: 'https://council.example/favicon.ico',
      image: 'https://council.example/pixel.png',
      author: 'Pine Valley Council',
      publishedTime: '2026-03-01T09:00:00Z',
      modifiedTime: '2026-03-05T12:00:00Z',
      type: 'article',
      siteName: 'Pine Valley Council',
      locale: 'en_US',
      keywords: ['camporee', 'camping', 'scouts'],
    });
  });
});
