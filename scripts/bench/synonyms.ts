// Synonym matching at the list's bounds (#34 finding 3): how long reading one question takes with the largest
// list an admin can store (contracts/synonym-limits.ts), and with the lists that broke the server before.
// Usage: bun scripts/bench/synonyms.ts [--runs 3]
// The build as the server runs it (in steps, adminSynonymGroupsInSteps): the longest the event loop waited.
// Lists: `distinct` (SYNONYM_TERMS_TOTAL_MAX terms of SYNONYM_TERM_MAX_CHARS characters, 20 to a group),
// `shared prefix` (the same, every term sharing a 94-character prefix: the walk from each offset goes deepest),
// `issue 210×20` (210 groups of 20 terms of 100 characters, beyond today's bounds, as stored before them).
// Questions: a short one, the attack's 28k characters of the shared prefix repeated, and the chat's
// 100,000-character message cap filled the same way. Each figure: the slowest of --runs readings, beside the
// same question read with no admin list (what the question costs without synonyms).
import { parseArgs } from 'node:util';
import { SYNONYM_TERM_MAX_CHARS, SYNONYM_TERMS_MAX, SYNONYM_TERMS_TOTAL_MAX, SYNONYM_GROUPS_MAX } from '../../contracts/synonym-limits.ts';
import { readQuestion } from '../../modules/knowledge/question/question.ts';
import {
  adminSynonymGroups,
  adminSynonymGroupsInSteps,
  adminMembersIn,
  expansions,
  inDocumentWording,
  NO_ADMIN_SYNONYMS,
  type AdminSynonyms,
} from '../../modules/knowledge/question/synonyms.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Math.max(1, Number(args.runs));

const PREFIX = 'ก'.repeat(47) + 'ข'.repeat(47); // 94 characters
const groupsOf = (count: number, term: (g: number, t: number) => string) =>
  Array.from({ length: count }, (_, g) =>
    Array.from({ length: SYNONYM_TERMS_MAX }, (_, t) => term(g, t).slice(0, SYNONYM_TERM_MAX_CHARS).padEnd(SYNONYM_TERM_MAX_CHARS, 'ค')),
  );
const allowedGroups = Math.min(SYNONYM_GROUPS_MAX, SYNONYM_TERMS_TOTAL_MAX / SYNONYM_TERMS_MAX);
const lists: Array<[string, string[][]]> = [
  ['distinct (largest allowed)', groupsOf(allowedGroups, (g, t) => `คำ${g}ที่${t}`)],
  ['shared prefix (largest allowed)', groupsOf(allowedGroups, (g, t) => `${PREFIX}${g}x${t}`)],
  ['issue 210×20×100 (stored before the bounds)', groupsOf(210, (g, t) => `${PREFIX}${g}x${t}`)],
];
const questions: Array<[string, string]> = [
  ['short question', 'จองห้องประชุมตึกชมรมต้องทำล่วงหน้ากี่วันครับ'],
  ['28k attack', `${PREFIX}1`.repeat(Math.ceil(28_000 / 95)).slice(0, 28_000)],
  ['100k (message cap)', `${PREFIX}1`.repeat(Math.ceil(100_000 / 95)).slice(0, 100_000)],
];

const slowest = (fn: () => unknown) => {
  let worst = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    worst = Math.max(worst, performance.now() - t0);
  }
  return worst;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

console.log(
  `bounds: ${SYNONYM_GROUPS_MAX} groups, ${SYNONYM_TERMS_TOTAL_MAX} terms in all, ${SYNONYM_TERMS_MAX} a group, ${SYNONYM_TERM_MAX_CHARS} characters a term; runs ${runs}`,
);
const baseline = new Map(questions.map(([name, q]) => [name, slowest(() => readQuestion(q, NO_ADMIN_SYNONYMS))]));
let worst = 0;
for (const [name, terms] of lists) {
  const rssBefore = process.memoryUsage().rss;
  let groups: AdminSynonyms = NO_ADMIN_SYNONYMS;
  const build = slowest(() => (groups = adminSynonymGroups(terms)));
  const rss = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
  // built as the server builds them (modules/synonyms applySynonyms): in steps; the longest the loop waited
  let held = 0;
  for (let i = 0; i < runs; i++) {
    let last = performance.now();
    const timer = setInterval(() => {
      held = Math.max(held, performance.now() - last);
      last = performance.now();
    }, 1);
    await adminSynonymGroupsInSteps(terms);
    held = Math.max(held, performance.now() - last);
    clearInterval(timer);
  }
  console.log(
    `\n${name}: ${terms.length} groups, ${terms.flat().length} terms; matchers built in ${ms(build)} at once (RSS +${rss.toFixed(0)} MB); in steps the event loop waited ${ms(held)} at most`,
  );
  for (const [qname, q] of questions) {
    const read = slowest(() => readQuestion(q, groups));
    const parts = [
      ['expansions', slowest(() => expansions(q, groups))],
      ['document wording', slowest(() => inDocumentWording(q, groups))],
      ['admin members', slowest(() => adminMembersIn(q, groups))],
    ] as const;
    worst = Math.max(worst, read);
    console.log(
      `  ${qname.padEnd(20)} readQuestion ${ms(read).padStart(10)} (no admin list ${ms(baseline.get(qname)!)}); ${parts.map(([p, t]) => `${p} ${ms(t)}`).join(', ')}`,
    );
  }
}
console.log(`\nworst readQuestion with an admin list: ${ms(worst)}`);
console.log(JSON.stringify({ bench: 'synonyms', runs, worstReadMs: Number(worst.toFixed(1)) }));
