import { describe, expect, test } from 'bun:test';
import { PAGE_FLOOR, PAGE_WINDOW, fusePages, hitsInPageOrder, pagesOfTheirOwn, pageWindowed, windowedOrder } from './page-window.ts';
import { hit } from '../scoring/test-hit.ts';
import type { SearchHit } from './search-hit.ts';

const on = (documentId: string, page: number, score: number, text = `${documentId}${page}`): SearchHit => ({ ...hit(text, score, documentId), page });
const pages = (hits: SearchHit[]) => [...new Set(hits.map((h) => `${h.documentId}#${h.page}`))];
const none = async () => null;

describe('page window', () => {
  test('the fusion of the plain page lists ranks a page both lists find above one only one finds', () => {
    const fused = fusePages([
      [
        { documentId: 'a', page: 1 },
        { documentId: 'b', page: 2 },
      ],
      [
        { documentId: 'b', page: 2 },
        { documentId: 'c', page: 1 },
      ],
    ]);
    expect(fused.map((p) => `${p.documentId}#${p.page}`)).toEqual(['b#2', 'a#1', 'c#1']);
  });

  // every structure order of six pages against one backbone: no page ends more than `demote` places below its
  // backbone place, nor more than `promote` above it
  const permutations = <T>(xs: T[]): T[][] =>
    xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
  test.each([
    [0, 0],
    [1, 1],
    [1, Infinity],
    [2, 1],
  ])('the fused order bounds the re-rank: demote %p, promote %p', (demote, promote) => {
    const backbone = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (const structure of permutations(backbone)) {
      const order = windowedOrder(structure, backbone, { demote, promote });
      expect([...order].sort()).toEqual([...backbone].sort());
      for (const [place, page] of order.entries()) {
        const r = backbone.indexOf(page);
        expect(place).toBeLessThanOrEqual(r + demote);
        expect(place).toBeGreaterThanOrEqual(r - promote);
      }
    }
  });

  test('inside the window the structure decides; window 0 is the backbone itself', () => {
    const backbone = ['a', 'b', 'c', 'd'];
    expect(windowedOrder(['d', 'c', 'b', 'a'], backbone, { demote: 0, promote: 0 })).toEqual(backbone);
    expect(windowedOrder(['d', 'c', 'b', 'a'], backbone, { demote: 1, promote: Infinity })).toEqual(['d', 'a', 'b', 'c']);
    expect(windowedOrder(['b', 'a', 'c', 'd'], backbone, { demote: 1, promote: 1 })).toEqual(['b', 'a', 'c', 'd']);
    // a page only the structure found: unbounded promotion lets it lead, a bounded one keeps it behind the backbone
    expect(windowedOrder(['x', 'a'], backbone, { demote: 1, promote: Infinity })[0]).toBe('x');
    expect(windowedOrder(['x', 'a'], backbone, { demote: 1, promote: 1 }).indexOf('x')).toBeGreaterThanOrEqual(3);
  });

  test('hits follow the page order; a later passage of a cited page keeps its place; a page without a passage is left out', async () => {
    const hits = [on('x', 1, 9), on('y', 1, 8), on('x', 1, 7, 'second'), on('z', 1, 6)];
    const out = await hitsInPageOrder(hits, ['y#1', 'gone#1', 'x#1', 'z#1'], none);
    expect(out.map((h) => `${h.documentId}#${h.page}:${h.score}`)).toEqual(['y#1:8', 'x#1:9', 'x#1:7', 'z#1:6']);
  });

  test('a backbone page the passages miss is brought in within its window, cited by the passage its row holds, with the lowest scores', async () => {
    const hits = [on('x', 1, 9), on('y', 1, 8), on('z', 1, 7)];
    const row = {
      documentId: 'a',
      page: 2,
      hit: JSON.stringify({ documentId: 'a', title: 'a', fileType: 'pdf', ordinal: 3, page: 2, headingPath: [], text: 'ค่าธรรมเนียม การศึกษา' }),
    };
    const out = await pageWindowed(hits, [[row]], PAGE_WINDOW, Infinity);
    expect(pages(out)).toEqual(['x#1', 'a#2', 'y#1', 'z#1']);
    expect(out.map((h) => h.score)).toEqual([9, 8, 7, 7]);
    expect(out[1]!.text).toBe('ค่าธรรมเนียม การศึกษา');
    expect(out[1]!.retrievalScore).toBe(7);
  });

  test('a passage running onto the next page puts that page right after its own, cited by the passage its row holds', async () => {
    const text = 'ข้อ ๑๓ ให้คณบดีวินิจฉัยชี้ขาด\n(นายจิระศักดิ์ ธาระจักร์)';
    const runs: SearchHit = { ...on('x', 1, 9, text), laterPages: [[30, 2]] };
    const others = ['a', 'b', 'c', 'd'].map((d, i) => on(d, 1, 8 - i));
    const cite = JSON.stringify({ documentId: 'x', title: 'x', fileType: 'pdf', ordinal: 13, page: 1, headingPath: [], text });
    // the plain list ranks the passage's second page sixth, below the window's first five
    const lists = [[...[runs, ...others].map((h) => ({ documentId: h.documentId, page: 1 })), { documentId: 'x', page: 2, hit: cite }]];
    const out = await pageWindowed([runs, ...others], lists, PAGE_WINDOW, Infinity);
    expect(pages(out)).toEqual(['x#1', 'x#2', 'a#1', 'b#1', 'c#1', 'd#1']);
    expect(out[1]!.text).toBe(text);
    // the same passage on one page brings no other page in (the plain list's sixth is below the window)
    const alone = await pageWindowed([on('x', 1, 9, text), ...others], lists, PAGE_WINDOW, Infinity);
    expect(pages(alone)).toEqual(['x#1', 'a#1', 'b#1', 'c#1', 'd#1']);
  });

  test('a backbone page without a citing passage is left out', async () => {
    const out = await pageWindowed([on('x', 1, 9), on('y', 1, 8)], [[{ documentId: 'a', page: 4 }]], PAGE_WINDOW, Infinity);
    expect(pages(out)).toEqual(['x#1', 'y#1']);
  });
});

describe('page window depth', () => {
  test('only the backbone’s first PAGE_FLOOR.pages pages are held: a deeper backbone page the passages rank low stays low', async () => {
    const backbone = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((documentId) => ({ documentId, page: 1 }));
    const hits = ['a', 'b', 'c', 'd', 'e', 'x', 'y', 'z', 'f', 'g'].map((d, i) => on(d, 1, 10 - i));
    const out = pages(await pageWindowed(hits, [backbone], PAGE_WINDOW, Infinity));
    expect(out.slice(0, PAGE_FLOOR.pages)).toEqual(['a#1', 'b#1', 'c#1', 'd#1', 'e#1']);
    expect(out.indexOf('f#1')).toBeGreaterThan(out.indexOf('z#1'));
  });
});

describe('the passages as one vote among the plain lists', () => {
  test('a page both plain lists rank first and the passages second leads a page only the passages rank first; with the passages alone it does not', async () => {
    const hits = [on('x', 1, 9), on('a', 1, 8)];
    const lists = [[{ documentId: 'a', page: 1 }], [{ documentId: 'a', page: 1 }]];
    expect(pages(await pageWindowed(hits, lists, PAGE_WINDOW, 3))).toEqual(['a#1', 'x#1']);
    expect(pages(await pageWindowed(hits, lists, PAGE_WINDOW, Infinity))).toEqual(['x#1', 'a#1']);
  });

  test('the passages outvote the plain lists where they weigh more: a page they rank first that one plain list ranks second leads', async () => {
    const hits = [on('x', 1, 9), on('a', 1, 8)];
    const lists = [
      [
        { documentId: 'a', page: 1 },
        { documentId: 'x', page: 1 },
      ],
      [],
    ];
    expect(pages(await pageWindowed(hits, lists, PAGE_WINDOW, 3))).toEqual(['x#1', 'a#1']);
  });
});

describe('pages of their own', () => {
  test.each([
    // a regulation's or a scan's pages: several clauses a page, a few title or run-on pages
    [{ pages: 40, onePassage: 6 }, true],
    [{ pages: 3, onePassage: 1 }, true],
    // a law code or short articles: one section a page, a few long ones split
    [{ pages: 115, onePassage: 112 }, false],
    [{ pages: 190, onePassage: 110 }, false],
    // half and half: the pages are the passages as often as not
    [{ pages: 10, onePassage: 5 }, false],
    [{ pages: 1, onePassage: 1 }, false],
    [{ pages: 0, onePassage: 0 }, false],
  ])('%p: %p', (shape, expected) => {
    expect(pagesOfTheirOwn(shape)).toBe(expected);
  });
});
