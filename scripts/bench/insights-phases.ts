// Where the first insights grouping's time goes (issue 34 finding 7): seeds 5,000 long questions (2,000
// characters of random Thai syllables, as a script can send) into a temp DATA_DIR's question log, then times
// the phases of GET /api/insights/groups?days=90: reading the weak questions, the questions' profiles
// (segmenting), the clustering, the groups' topic words, and the whole request (first, then cached).
// `bun scripts/bench/insights-phases.ts [--n 5000]`
import { createTestApp } from '../../tests/helpers/server';
import { questionLog } from '../../modules/questions/schema';
import { groupingSteps } from '../../modules/insights/grouping';
import { topicWords, topWords } from '../../modules/insights/topic-words';
import { GROUPED_CHARS } from '../../modules/insights/groups';
import { longThaiQuestions, weakQuestionRow } from '../../modules/insights/testing/long-questions';

const i = process.argv.indexOf('--n');
const N = i > 0 ? Number(process.argv[i + 1]) : 5000;
const longQuestion = longThaiQuestions(2000);
const ms = (t0: number) => `${Math.round(performance.now() - t0)} ms`;

const t = await createTestApp();
const now = Date.now();
const rows = Array.from({ length: N }, (_, k) => weakQuestionRow(`long-${k}`, longQuestion(), now - (k % 80) * 86400_000 - k * 1000));
for (let k = 0; k < rows.length; k += 200)
  t.ctx.db
    .insert(questionLog)
    .values(rows.slice(k, k + 200))
    .run();
const admin = t.signIn('admin@example.ac.th', 'admin').cookie;

const items = rows.map((r) => ({ ...r, question: r.question.slice(0, GROUPED_CHARS), down: 0 }));
let t0 = performance.now();
for (const it of items) topicWords(it.question);
console.log(`topic words of ${N} questions (one pass): ${ms(t0)}`);
t0 = performance.now();
// the longest single step: what a slice cannot cut, so what the event loop is held for at worst
const steps = groupingSteps(items);
let longest = 0;
let groups: { members: { question: string }[] }[];
for (;;) {
  const s0 = performance.now();
  const r = steps.next();
  longest = Math.max(longest, performance.now() - s0);
  if (r.done) {
    groups = r.value;
    break;
  }
}
console.log(`grouping (profiles + clustering + merges + topic words): ${ms(t0)} -> ${groups.length} groups; longest step ${longest.toFixed(1)} ms`);
t0 = performance.now();
for (const g of groups) topWords(g.members.map((m) => m.question));
console.log(`topWords of every group again: ${ms(t0)}`);
t0 = performance.now();
let r = await t.request('/api/insights/groups?days=90', { cookie: admin });
await r.text();
console.log(`GET groups?days=90 first: ${ms(t0)} (${r.status})`);
t0 = performance.now();
r = await t.request('/api/insights/groups?days=90', { cookie: admin });
await r.text();
console.log(`GET groups?days=90 cached: ${ms(t0)}`);
t0 = performance.now();
r = await t.request('/api/insights/summary?days=365', { cookie: admin });
await r.text();
console.log(`GET summary?days=365 first: ${ms(t0)} (${r.status})`);
process.exit(0);
