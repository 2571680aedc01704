import { describe, expect, test } from 'bun:test';
import { renderToReadableStream } from 'react-dom/server';
import { LandingPage } from './LandingPage';
import { wordUnits } from '../components/ThaiWords';
import { th } from '../strings/th';

const assets = { css: [], islands: { landing: '/assets/landing.js' }, preload: [] };
// rendered as the server streams it (islands render as their own roots, asynchronously)
const stream = await renderToReadableStream(<LandingPage assets={assets} documents={[]} totalDocuments={0} />);
await stream.allReady;
const html = await new Response(stream).text();
// Enough of a DOM query for server HTML: ids, link targets, elements by class.
const doc = {
  ids: new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!)),
  hrefs: [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!),
  blocks: (cls: string) => [...html.matchAll(new RegExp(`<(\\w+) class="${cls}"[^>]*>([\\s\\S]*?)</\\1>`, 'g'))].map((m) => m[2]!),
};
const text = (fragment: string) => fragment.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '');

describe('landing page (chat.md §2)', () => {
  test('three feature blocks, each with its title and text', () => {
    const cards = doc.blocks('feature-card');
    expect(cards).toHaveLength(3);
    th.landing.features.forEach((f, i) => {
      expect(text(cards[i]!)).toContain(f.title);
      expect(text(cards[i]!)).toContain(f.body);
    });
  });

  test('the three footnotes', () => {
    const list = html.match(/<section id="supports" class="footnotes"[\s\S]*?<ol>([\s\S]*?)<\/ol>/)?.[1] ?? '';
    const items = [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => text(m[1]!));
    expect(items).toEqual([...th.landing.footnotes]);
    expect(items).toHaveLength(3);
  });

  test('every footer link is named by the spec and lands on a section of this page', () => {
    const footer = html.slice(html.indexOf('<footer'));
    const links = [...footer.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => ({ href: m[1]!, label: m[2]! }));
    expect(links.map((l) => l.label)).toEqual(['About', 'Documentation', 'How It Works', 'Supports', 'Contact Team', 'Privacy Policy']);
    for (const { href } of links) {
      const [path, anchor] = href.split('#');
      expect(path).toBe('/landing');
      expect(anchor).toBeTruthy();
      expect(doc.ids.has(anchor!)).toBe(true);
    }
    expect(footer).toContain('Version 3.0.0');
  });

  test('every in-page anchor anywhere on the page has a target', () => {
    for (const href of doc.hrefs.filter((h) => h.includes('#'))) expect(doc.ids.has(href.split('#')[1]!)).toBe(true);
  });

  test('the title keeps Thai words whole: one unbreakable span per word, คำตอบ not split', () => {
    const h1 = html.match(/<h1>([\s\S]*?)<\/h1>/)?.[1] ?? '';
    expect(text(h1)).toBe(th.landing.heroTitle);
    expect(h1).toContain('<span class="nowrap">คำตอบ</span>');
    expect(h1).toContain('<wbr/>');
  });
});

describe('wordUnits', () => {
  test('splits at word boundaries but keeps compounds the segmenter splits', () => {
    expect(wordUnits('ได้คำตอบทันที')).toEqual(['ได้', 'คำตอบ', 'ทันที']);
    expect(wordUnits('ผู้ช่วย AI')).toEqual(['ผู้ช่วย', ' ', 'AI']);
    expect(wordUnits('ถามเรื่องระเบียบ').join('')).toBe('ถามเรื่องระเบียบ');
  });
});
