// The matchers of the largest synonym list an admin may store take 120 ms to over a second to build (#34):
// they are built a few milliseconds at a time, the event loop turning between two slices, and questions meanwhile
// are read with the groups the app had until the new ones are ready; a read started later is the one kept.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { SYNONYM_TERM_MAX_CHARS, SYNONYM_TERMS_MAX, SYNONYM_TERMS_TOTAL_MAX } from '../../contracts/synonyms';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { adminSynonymGroupsInSteps } from '../knowledge';
import { adminSynonyms, applySynonyms } from './service';
import { synonymGroups } from '../../tests/helpers/tables';

/** The largest list: SYNONYM_TERMS_TOTAL_MAX terms of SYNONYM_TERM_MAX_CHARS characters, 20 to a group. */
const LARGEST = Array.from({ length: SYNONYM_TERMS_TOTAL_MAX / SYNONYM_TERMS_MAX }, (_, g) =>
  Array.from({ length: SYNONYM_TERMS_MAX }, (_, t) => `คำ${g}ที่${t}`.padEnd(SYNONYM_TERM_MAX_CHARS, 'ค')),
);

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const store = async (lists: string[][]) => {
  await app.ctx.db.delete(synonymGroups);
  for (const [i, terms] of lists.entries())
    await app.ctx.db
      .insert(synonymGroups)
      .values({ id: `g${i}`, terms: JSON.stringify(terms), termsKey: JSON.stringify([...terms].sort()), createdAt: new Date() });
};

test('the largest list is built in steps: a timer set when the build starts runs before it ends', async () => {
  let turned = false;
  const built = adminSynonymGroupsInSteps(LARGEST);
  setTimeout(() => (turned = true), 0);
  expect((await built).length).toBe(LARGEST.length);
  expect(turned).toBe(true);
});

test('while the new list is built, questions are read with the old one; then with the new', async () => {
  await store([['ห้องประชุม', 'มีตติ้งรูม']]);
  await applySynonyms(app.ctx);
  const old = adminSynonyms(app.ctx);
  expect(old).toHaveLength(1);
  await store(LARGEST);
  const seen: number[] = [];
  const tick = setInterval(() => seen.push(adminSynonyms(app.ctx).length), 0);
  await applySynonyms(app.ctx);
  clearInterval(tick);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.every((n) => n === 1)).toBe(true);
  expect(adminSynonyms(app.ctx)).toHaveLength(LARGEST.length);
});

test('a read started later wins over an earlier one that ends later', async () => {
  await store(LARGEST);
  const first = applySynonyms(app.ctx);
  await store([['ห้องประชุม', 'มีตติ้งรูม']]);
  const second = applySynonyms(app.ctx);
  await Promise.all([first, second]);
  expect(adminSynonyms(app.ctx)).toHaveLength(1);
});
