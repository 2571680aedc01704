import { expect, test } from 'bun:test';
import { type CpuProfile, type Frame, OTHER, stageOf, stageSamples } from './profile-stages';

const frame = (functionName: string, url = ''): Frame => ({ functionName, url });
const lance = frame('toArrow', 'file:///app/node_modules/@lancedb/lancedb/dist/query.js');
const search = frame('searchWithPages', 'file:///app/modules/knowledge/service.ts');
const compose = frame('composeAnswer', 'file:///app/modules/assistant/service.ts');

// A stack is listed leaf first, as the profile's parent links give it.
test.each([
  ['a LanceDB read made while searching is LanceDB', [lance, search, compose], 'LanceDB'],
  ['the search’s own fusion is the first stage', [frame('fuseRanked'), frame('plainFusionSearch'), search, compose], 'first stage'],
  ['the evidence the answer asks for is evidence', [frame('evidenceFor'), frame('of', 'file:///app/modules/assistant/accuracy.ts'), compose], 'evidence'],
  [
    'a drizzle statement of the question log is the database',
    [frame('values', 'file:///app/node_modules/drizzle-orm/insert.js'), frame('recordQuestion')],
    'database',
  ],
  ['the question log’s masking is the question log', [frame('folded'), frame('recordQuestion')], 'question log'],
  ['the request handler is HTTP', [frame('json'), frame('handle')], 'HTTP'],
  ['a frame of no stage is other', [frame('setTimeout')], OTHER],
] as const)('%s', (_, stack, stage) => {
  expect(stageOf(stack)).toStartWith(stage);
});

test('samples are counted per stage through the nodes’ parent links', () => {
  // root → composeAnswer → searchWithPages → toArrow; composeAnswer sampled twice, toArrow three times
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2] },
      { id: 2, callFrame: compose, children: [3] },
      { id: 3, callFrame: search, children: [4] },
      { id: 4, callFrame: lance },
    ],
    samples: [2, 4, 4, 2, 4],
  };
  expect(stageSamples(profile).map(([name, n]) => [name.split(' ')[0], n])).toEqual([
    ['LanceDB', 3],
    [OTHER, 2],
  ]);
});
