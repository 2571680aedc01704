import { describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_MIRROR_ROOT } from './fetched-docs';
import { buildRows, catalogueSources, mirrorGitDir, restoreRows } from './restore-fetched-docs';

const run = (cwd: string, ...args: string[]) =>
  spawnSync('git', args, { cwd, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });

// A snapshot as fetch brings it: <mirror>/<owner>+<name>/repo, a git directory holding the file somewhere in its history.
function mirrorWith(files: Record<string, string>): { mirror: string; blobs: Record<string, string> } {
  const mirror = mkdtempSync(join(tmpdir(), 'mirror-'));
  const work = join(mirror, 'work');
  mkdirSync(work);
  run(work, 'init', '-q');
  const blobs: Record<string, string> = {};
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(work, name), text);
    blobs[name] = spawnSync('git', ['hash-object', join(work, name)])
      .stdout.toString()
      .trim();
  }
  run(work, 'add', '.');
  run(work, 'commit', '-qm', 'docs');
  mkdirSync(join(mirror, 'uni+docs'));
  run(mirror, 'clone', '-q', '--bare', work, join(mirror, 'uni+docs', 'repo'));
  return { mirror, blobs };
}

function setWith(rows: Array<[string, string, string]>): string {
  const root = mkdtempSync(join(tmpdir(), 'set-'));
  const line = ([file, repo, blob]: [string, string, string]) =>
    `| 1 | \`${file}\` | u | title | 2568 | topic | 1 | SCAN | 0 | - | \`${repo}\`:\`path/${file}\` | \`abcdef012345\` / \`${blob.slice(0, 12)}\` |`;
  writeFileSync(join(root, 'CATALOGUE.md'), ['# Catalogue', '', '| # | file | … |', '|---|---|', ...rows.map(line), '', 'Full blobs: none'].join('\n'));
  return root;
}

test("a catalogue's rows give each file's library, source repository and blob", () => {
  const root = setWith([['uni/a.pdf', 'uni/docs', '0123456789abcdef']]);
  expect(catalogueSources(root)).toEqual([{ library: 'uni', file: 'a.pdf', repo: 'uni/docs', blob: '0123456789ab' }]);
});

test('each file is written from its blob and checked; a missing repository or blob is named, not guessed', () => {
  const { mirror, blobs } = mirrorWith({ 'a.pdf': 'first document', 'b.pdf': 'second document' });
  expect(mirrorGitDir(mirror, 'uni/docs')).toBe(join(mirror, 'uni+docs', 'repo'));
  expect(mirrorGitDir(mirror, 'other/repo')).toBeNull();
  const root = setWith([
    ['uni/a.pdf', 'uni/docs', blobs['a.pdf']!],
    ['uni/b.pdf', 'uni/docs', blobs['b.pdf']!],
    ['uni/c.pdf', 'uni/docs', 'fedcba9876543210'],
    ['uni/d.pdf', 'other/repo', blobs['a.pdf']!],
  ]);
  const out = mkdtempSync(join(tmpdir(), 'out-'));
  const first = restoreRows(catalogueSources(root), out, mirror);
  expect(first.map((r) => r.outcome)).toEqual(['restored', 'restored', 'blob not in repository', 'repository not fetched']);
  expect(readFileSync(join(out, 'uni', 'b.pdf'), 'utf8')).toBe('second document');
  // a second run keeps what is already right and mends what is not
  writeFileSync(join(out, 'uni', 'a.pdf'), 'damaged');
  expect(restoreRows(catalogueSources(root), out, mirror).map((r) => r.outcome)).toEqual([
    'restored',
    'present',
    'blob not in repository',
    'repository not fetched',
  ]);
  expect(readFileSync(join(out, 'uni', 'a.pdf'), 'utf8')).toBe('first document');
});

test('a set with a builder: it runs once for its repository when a file is missing, and each file is checked against its blob', async () => {
  const { mirror } = mirrorWith({ 'source.ts': 'data' });
  const text = (name: string) => `built ${name}`;
  const blob = (name: string) =>
    spawnSync('git', ['hash-object', '--stdin'], { input: text(name) })
      .stdout.toString()
      .trim();
  const root = setWith([
    ['uni/a.txt', 'uni/docs', blob('a.txt')],
    ['uni/b.txt', 'uni/docs', blob('b.txt')],
    ['uni/c.txt', 'uni/docs', 'fedcba9876543210'],
    ['uni/d.txt', 'other/repo', blob('a.txt')],
  ]);
  const out = mkdtempSync(join(tmpdir(), 'out-'));
  const calls: string[] = [];
  const build = async (gitDir: string, outRoot: string) => {
    calls.push(gitDir);
    mkdirSync(join(outRoot, 'uni'), { recursive: true });
    for (const name of ['a.txt', 'b.txt', 'c.txt']) writeFileSync(join(outRoot, 'uni', name), text(name));
  };
  const first = await buildRows(catalogueSources(root), out, mirror, build);
  expect(first.map((r) => r.outcome)).toEqual(['built', 'built', 'blob differs', 'repository not fetched']);
  expect(calls).toEqual([join(mirror, 'uni+docs', 'repo')]);
  // files already right are kept without building; a builder that fails is named
  const kept = await buildRows(catalogueSources(root).slice(0, 2), out, mirror, build);
  expect(kept.map((r) => r.outcome)).toEqual(['present', 'present']);
  expect(calls).toHaveLength(1);
  writeFileSync(join(out, 'uni', 'a.txt'), 'damaged');
  const failed = await buildRows(catalogueSources(root).slice(0, 2), out, mirror, async () => {
    throw new Error('source blob missing');
  });
  expect(failed.map((r) => [r.outcome, r.error])).toEqual([
    ['build failed', 'source blob missing'],
    ['present', undefined],
  ]);
});

// The VRU sets written on 3 Dec 2026 are restored as real_fresh_c is: every catalogued file is a blob of one fetched
// repository, found by its abbreviated id whatever its path. Where that snapshot is on this machine, each is written.
const hasVruSnapshot = Boolean(mirrorGitDir(DEFAULT_MIRROR_ROOT, 'arc6828/cs'));
describe.each([
  { set: 'real_fresh_e', library: 'vrue', files: 14 },
  { set: 'real_vru_dev', library: 'vrud', files: 12 },
])('$set', ({ set, library, files }) => {
  const root = join(import.meta.dir, 'data', set);
  test("its catalogue names each file's blob in arc6828/cs", () => {
    const rows = catalogueSources(root);
    expect(rows).toHaveLength(files);
    expect(new Set(rows.map((r) => `${r.library} ${r.repo}`))).toEqual(new Set([`${library} arc6828/cs`]));
    for (const r of rows) expect(r.blob).toMatch(/^[0-9a-f]{12}$/);
  });
  test.skipIf(!hasVruSnapshot)('it restores from the fetched snapshot of arc6828/cs', () => {
    const out = mkdtempSync(join(tmpdir(), `${set}-`));
    const outcomes = restoreRows(catalogueSources(root), out, DEFAULT_MIRROR_ROOT).map((r) => r.outcome);
    expect(outcomes).toEqual(Array(files).fill('restored'));
  });
});

// The sets written on 5 Dec 2026 are restored the same way, each from one snapshot of a university unit's website:
// KMITL's Faculty of Science, Suan Dusit's TCAS 2562 site, the PSU-TUYF project (Prince of Songkla, Pattani),
// Walailak's International College and an RMUTL student project's copy of its finance division's handbook; and four
// of unused files of snapshots other sets read (RBRU's ARIT office, VRU's computer-science programme, Suan Dusit's TCAS
// site, RMUTT's graduate forms). real_fresh_t (6 Dec 2026) comes from a student-built site of Kasetsart's Kamphaeng
// Saen mathematics programme; real_cal_dev (6 Dec 2026, a dev set of calendars and fee tables) from a students' chatbot
// of KMUTT's computer-engineering department that keeps the PDFs it reads, and its second library from a student's
// script that turns Srinakharinwirot's calendar into an iCalendar file, its third from a students' assistant for Chiang
// Mai University's registrar that answers from its calendar and payment note (each library its own repository: the rows
// are read library by library). real_fresh_u (6 Dec 2026) comes from a students' chatbot that keeps KMUTNB's handbook,
// general-education structure and three curricula as its PDFs; real_fresh_v (6 Dec 2026) takes the files of real_cal_dev's
// KMUTT repository that real_cal_dev did not, and real_fresh_w (7 Dec 2026) asks new questions of the same files; real_fresh_x (7 Dec
// 2026) asks new questions of real_fresh_l's files (and of real_fresh_b's, whose repository no test here restores from), real_fresh_y of
// real_fresh_f's and real_fresh_m's, real_fresh_z of real_fresh_t's and real_fresh_r's, real_fresh_za of real_fresh_u's and real_fresh_v's,
// and real_fresh_zb of real_fresh_h's (and of real_fresh_b's). real_cur_dev (7 Dec 2026, a dev set of curriculum questions) asks new
// questions of real_fresh_u's files (kmutnbk), real_dev's Suranaree files (sutk, whose repository is not fetched on this machine) and
// real_more's Kasetsart files (kuk: two repositories, and this table reads one repository per library, so no row);
// real_fresh_zc (7 Dec 2026, study-plan questions) asks new questions of the same Suranaree files (sutzc) and Kasetsart
// files (kuzc, no row for the same reason); real_fresh_zd (7 Dec 2026, course-page questions) asks new questions of
// real_cur_dev's KMUTNB files (kmutnbzd) and Kasetsart files (kuzd, no row for the same reason); real_fresh_ze (7 Dec 2026,
// course-page questions) of its Suranaree files (sutze) and Kasetsart files (kuze, no row for the same reason).
describe.each([
  { set: 'real_fresh_f', library: 'kmitl', repo: 'SaktayaSuksri/saktaya-1', files: 14 },
  { set: 'real_fresh_g', library: 'sdu', repo: 'kaweesak/tcas62', files: 10 },
  { set: 'real_fresh_h', library: 'psu', repo: 'sareefhub/psu-tuyf', files: 14 },
  { set: 'real_fresh_i', library: 'wu', repo: 'tumtpk/wuic', files: 14 },
  { set: 'real_fresh_k', library: 'rmutl', repo: 'JeerasakAnanta/cs_project', files: 6 },
  { set: 'real_fresh_m', library: 'vrum', repo: 'arc6828/cs', files: 15 },
  { set: 'real_fresh_l', library: 'arit', repo: 'kantanopcat/bootstrap.demo.true', files: 14 },
  { set: 'real_fresh_n', library: 'sdun', repo: 'kaweesak/tcas62', files: 16 },
  { set: 'real_fresh_o', library: 'rmuttg', repo: 'giwl17/php-formPdf', files: 12 },
  { set: 'real_fresh_p', library: 'vrup', repo: 'arc6828/cs', files: 16 },
  { set: 'real_fresh_q', library: 'vruq', repo: 'arc6828/cs', files: 16 },
  { set: 'real_fresh_r', library: 'vrur', repo: 'arc6828/cs', files: 14 },
  { set: 'real_fresh_s', library: 'vrus', repo: 'arc6828/cs', files: 15 },
  { set: 'real_fresh_t', library: 'kukps', repo: 'walongkonp-glitch/appmath', files: 26 },
  { set: 'real_fresh_u', library: 'kmutnb', repo: 'Siripoom/bot', files: 5 },
  { set: 'real_fresh_v', library: 'kmuttv', repo: 'KKOIDF/CPE-CHAT-0.0.2', files: 38 },
  { set: 'real_fresh_w', library: 'kmuttw', repo: 'KKOIDF/CPE-CHAT-0.0.2', files: 38 },
  { set: 'real_fresh_x', library: 'aritx', repo: 'kantanopcat/bootstrap.demo.true', files: 14 },
  { set: 'real_fresh_y', library: 'kmitly', repo: 'SaktayaSuksri/saktaya-1', files: 14 },
  { set: 'real_fresh_y', library: 'vrumy', repo: 'arc6828/cs', files: 15 },
  { set: 'real_fresh_z', library: 'kukpsz', repo: 'walongkonp-glitch/appmath', files: 26 },
  { set: 'real_fresh_z', library: 'vrurz', repo: 'arc6828/cs', files: 14 },
  { set: 'real_fresh_za', library: 'kmutnbaa', repo: 'Siripoom/bot', files: 5 },
  { set: 'real_fresh_za', library: 'kmuttvaa', repo: 'KKOIDF/CPE-CHAT-0.0.2', files: 38 },
  { set: 'real_fresh_zb', library: 'psuzb', repo: 'sareefhub/psu-tuyf', files: 14 },
  { set: 'real_cal_dev', library: 'kmutt', repo: 'KKOIDF/CPE-CHAT-0.0.2', files: 15 },
  { set: 'real_cal_dev', library: 'swu', repo: 'YKUNAKORN/SWU-calendar.ics', files: 1 },
  { set: 'real_cal_dev', library: 'cmu', repo: 'kungwansupS/reg01', files: 2 },
  { set: 'real_cur_dev', library: 'kmutnbk', repo: 'Siripoom/bot', files: 5 },
  { set: 'real_cur_dev', library: 'sutk', repo: 'Janescience/web-sut-it-2018', files: 28 },
  { set: 'real_fresh_zc', library: 'sutzc', repo: 'Janescience/web-sut-it-2018', files: 28 },
  { set: 'real_fresh_zd', library: 'kmutnbzd', repo: 'Siripoom/bot', files: 5 },
  { set: 'real_fresh_ze', library: 'sutze', repo: 'Janescience/web-sut-it-2018', files: 28 },
])('$set', ({ set, library, repo, files }) => {
  const root = join(import.meta.dir, 'data', set);
  const rowsOf = () => catalogueSources(root).filter((r) => r.library === library);
  test(`its catalogue names each file's blob in ${repo}`, () => {
    const rows = rowsOf();
    expect(rows).toHaveLength(files);
    expect(new Set(rows.map((r) => `${r.library} ${r.repo}`))).toEqual(new Set([`${library} ${repo}`]));
    for (const r of rows) expect(r.blob).toMatch(/^[0-9a-f]{12}$/);
  });
  test.skipIf(!mirrorGitDir(DEFAULT_MIRROR_ROOT, repo))(`it restores from the fetched snapshot of ${repo}`, () => {
    const out = mkdtempSync(join(tmpdir(), `${set}-`));
    const outcomes = restoreRows(rowsOf(), out, DEFAULT_MIRROR_ROOT).map((r) => r.outcome);
    expect(outcomes).toEqual(Array(files).fill('restored'));
  });
});

test('a snapshot kept as a clone with a work tree is found at its .git', () => {
  const mirror = mkdtempSync(join(tmpdir(), 'mirror-'));
  mkdirSync(join(mirror, 'owner+clone'));
  run(join(mirror, 'owner+clone'), 'init', '-q', 'repo');
  expect(mirrorGitDir(mirror, 'owner/clone')).toBe(join(mirror, 'owner+clone', 'repo', '.git'));
});
