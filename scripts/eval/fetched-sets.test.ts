// The fetched held-out sets (real_more, real_new, real_scan, real_reg, real_tu) are what their READMEs say, one table run against each: every
// question parses with the fields of its kind, every gold (and also_gold, conflicts) file is in its library and its
// catalogue, every gold page exists in that document (the catalogue's page count); the set is held out (real_more, real_scan, real_reg, real_vru_dev, real_cal_dev and real_cur_dev by half)
// (realDevHalf), and the runs name their libraries. The documents themselves are not committed (fetched-docs.ts):
// where they are present, each is checked to be the catalogued file (its git blob and page count; a .txt file is one page).
import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getDocumentProxy } from 'unpdf';
import type { EvalQuery } from './answer-scoring';
import { fetchedDocsRoot } from './fetched-docs';
import { type EvalRun, realDevHalf } from './real-dev';
import { REAL_MORE_ROOT, REAL_MORE_UNIVERSITIES, realMoreQueries, realMoreRuns } from './real-more';
import { FETCHED_HELD_SETS, fetchedHeldSet } from './fetched-held-sets';
import { catalogueRows, expectQuestionShape } from './real-set-shape';
import { gitBlob } from './catalogue';

interface SetCase {
  set:
    | 'real_more'
    | 'real_new'
    | 'real_scan'
    | 'real_reg'
    | 'real_tu'
    | 'real_fresh_a'
    | 'real_fresh_b'
    | 'real_fresh_c'
    | 'real_fresh_d'
    | 'real_fresh_e'
    | 'real_fresh_f'
    | 'real_vru_dev'
    | 'real_fresh_g'
    | 'real_fresh_h'
    | 'real_fresh_i'
    | 'real_fresh_k'
    | 'real_fresh_m'
    | 'real_fresh_l'
    | 'real_fresh_n'
    | 'real_fresh_o'
    | 'real_fresh_p'
    | 'real_fresh_q'
    | 'real_fresh_r'
    | 'real_fresh_s'
    | 'real_fresh_t'
    | 'real_fresh_u'
    | 'real_fresh_v'
    | 'real_fresh_w'
    | 'real_fresh_x'
    | 'real_fresh_y'
    | 'real_fresh_z'
    | 'real_fresh_za'
    | 'real_fresh_zb'
    | 'real_fresh_zc'
    | 'real_fresh_zd'
    | 'real_fresh_ze'
    | 'real_cal_dev'
    | 'real_cur_dev';
  root: string;
  universities: readonly string[];
  /** each library's question ids, as its README gives them */
  idOk: (u: string, id: string) => boolean;
  queries: (root: string, name: string) => EvalQuery[];
  runs: (root: string, realDevRoot: string, names: string[], half?: 'fit' | 'held') => EvalRun[];
  /** a library name the set does not have */
  foreign: string;
}

const MORE_PREFIX: Record<string, string> = { rmuti: 'rm-rt-', ku: 'rm-ku-', sskru: 'rm-sk-' };
const NEW_PREFIX: Record<string, string> = { rmutt: 'rn-rt-', up: 'rn-up-' };
const SCAN_PREFIX: Record<string, string> = { rbru: 'rs-rb-' };
const REG_PREFIX: Record<string, string> = { rmutp: 'rr-rp-' };
const TU_PREFIX: Record<string, string> = { tu: 'rt-tu-' };
const FRESH_A_PREFIX: Record<string, string> = { snru: 'rf-snru-' };
const FRESH_B_PREFIX: Record<string, string> = { uru: 'rg-uru-' };
const FRESH_C_PREFIX: Record<string, string> = { vru: 'rf-vru-' };
const FRESH_D_PREFIX: Record<string, string> = { kru: 'rf-kru-' };
const FRESH_E_PREFIX: Record<string, string> = { vrue: 'rf-vrue-' };
const FRESH_F_PREFIX: Record<string, string> = { kmitl: 'rf-kmitl-' };
const VRU_DEV_PREFIX: Record<string, string> = { vrud: 'rv-vru-' };
const FRESH_G_PREFIX: Record<string, string> = { sdu: 'rf-sdu-' };
const FRESH_H_PREFIX: Record<string, string> = { psu: 'rf-psu-' };
const FRESH_I_PREFIX: Record<string, string> = { wu: 'rf-wu-' };
const FRESH_K_PREFIX: Record<string, string> = { rmutl: 'rf-k-' };
const FRESH_M_PREFIX: Record<string, string> = { vrum: 'rf-m-' };
const FRESH_L_PREFIX: Record<string, string> = { arit: 'rf-l-' };
const FRESH_N_PREFIX: Record<string, string> = { sdun: 'rf-n-' };
const FRESH_O_PREFIX: Record<string, string> = { rmuttg: 'rf-o-' };
const FRESH_P_PREFIX: Record<string, string> = { vrup: 'rf-p-' };
const FRESH_Q_PREFIX: Record<string, string> = { vruq: 'rf-q-' };
const FRESH_R_PREFIX: Record<string, string> = { vrur: 'rf-r-' };
const FRESH_S_PREFIX: Record<string, string> = { vrus: 'rf-s-' };
const FRESH_T_PREFIX: Record<string, string> = { kukps: 'rf-t-' };
const FRESH_U_PREFIX: Record<string, string> = { kmutnb: 'rf-u-' };
const FRESH_V_PREFIX: Record<string, string> = { kmuttv: 'rf-v-' };
const FRESH_W_PREFIX: Record<string, string> = { kmuttw: 'rf-w-' };
const FRESH_X_PREFIX: Record<string, string> = { urux: 'rf-x-', aritx: 'rf-x-' };
const FRESH_Y_PREFIX: Record<string, string> = { kmitly: 'rf-y-', vrumy: 'rf-y-' };
const FRESH_Z_PREFIX: Record<string, string> = { kukpsz: 'rf-z-', vrurz: 'rf-z-' };
const FRESH_ZA_PREFIX: Record<string, string> = { kmutnbaa: 'rf-za-', kmuttvaa: 'rf-za-' };
const FRESH_ZB_PREFIX: Record<string, string> = { psuzb: 'rf-zb-', uruzb: 'rf-zb-' };
const FRESH_ZC_PREFIX: Record<string, string> = { kuzc: 'rf-zc-', sutzc: 'rf-zc-' };
const FRESH_ZD_PREFIX: Record<string, string> = { kmutnbzd: 'rf-zd-', kuzd: 'rf-zd-' };
const FRESH_ZE_PREFIX: Record<string, string> = { sutze: 'rf-ze-', kuze: 'rf-ze-' };
const CAL_DEV_PREFIX: Record<string, string> = { kmutt: 'rc-kmutt-', swu: 'rc-swu-', cmu: 'rc-cmu-' };
const CUR_DEV_PREFIX: Record<string, string> = { kmutnbk: 'rk-kmutnb-', kuk: 'rk-ku-', sutk: 'rk-sut-' };
const held = (name: string) => {
  const set = FETCHED_HELD_SETS[name]!;
  return { root: set.root, universities: set.universities, queries: set.queries, runs: set.makeRuns };
};
const SETS: SetCase[] = [
  {
    set: 'real_more',
    root: REAL_MORE_ROOT,
    universities: REAL_MORE_UNIVERSITIES,
    idOk: (u, id) => id.startsWith(MORE_PREFIX[u]!),
    queries: realMoreQueries,
    runs: realMoreRuns,
    foreign: 'crru',
  },
  {
    set: 'real_new',
    ...held('real_new'),
    idOk: (u, id) => new RegExp(`^${NEW_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'rmuti',
  },
  {
    set: 'real_scan',
    ...held('real_scan'),
    idOk: (u, id) => new RegExp(`^${SCAN_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'rmutt',
  },
  {
    set: 'real_reg',
    ...held('real_reg'),
    idOk: (u, id) => new RegExp(`^${REG_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'rbru',
  },
  {
    set: 'real_tu',
    ...held('real_tu'),
    idOk: (u, id) => new RegExp(`^${TU_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'rmutp',
  },
  {
    set: 'real_fresh_a',
    ...held('real_fresh_a'),
    idOk: (u, id) => new RegExp(`^${FRESH_A_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'uru',
  },
  {
    set: 'real_fresh_y',
    ...held('real_fresh_y'),
    idOk: (u, id) => new RegExp(`^${FRESH_Y_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'kmitl',
  },
  {
    set: 'real_fresh_z',
    ...held('real_fresh_z'),
    idOk: (u, id) => new RegExp(`^${FRESH_Z_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'kukps',
  },
  {
    set: 'real_fresh_za',
    ...held('real_fresh_za'),
    idOk: (u, id) => new RegExp(`^${FRESH_ZA_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'kmutnb',
  },
  {
    set: 'real_fresh_zb',
    ...held('real_fresh_zb'),
    idOk: (u, id) => new RegExp(`^${FRESH_ZB_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'psu',
  },
  {
    set: 'real_fresh_zc',
    ...held('real_fresh_zc'),
    idOk: (u, id) => new RegExp(`^${FRESH_ZC_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'kuk',
  },
  {
    set: 'real_fresh_zd',
    ...held('real_fresh_zd'),
    idOk: (u, id) => new RegExp(`^${FRESH_ZD_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'kuk',
  },
  {
    set: 'real_fresh_ze',
    ...held('real_fresh_ze'),
    idOk: (u, id) => new RegExp(`^${FRESH_ZE_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'kuk',
  },
  {
    set: 'real_fresh_b',
    ...held('real_fresh_b'),
    idOk: (u, id) => new RegExp(`^${FRESH_B_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'tu',
  },
  {
    set: 'real_fresh_c',
    ...held('real_fresh_c'),
    idOk: (u, id) => new RegExp(`^${FRESH_C_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'snru',
  },
  {
    set: 'real_fresh_d',
    ...held('real_fresh_d'),
    idOk: (u, id) => new RegExp(`^${FRESH_D_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'vru',
  },
  {
    set: 'real_fresh_e',
    ...held('real_fresh_e'),
    idOk: (u, id) => new RegExp(`^${FRESH_E_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'vru',
  },
  {
    set: 'real_fresh_f',
    ...held('real_fresh_f'),
    idOk: (u, id) => new RegExp(`^${FRESH_F_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'vrue',
  },
  {
    set: 'real_vru_dev',
    ...held('real_vru_dev'),
    idOk: (u, id) => new RegExp(`^${VRU_DEV_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'vrue',
  },
  {
    set: 'real_fresh_g',
    ...held('real_fresh_g'),
    idOk: (u, id) => new RegExp(`^${FRESH_G_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'vrue',
  },
  {
    set: 'real_fresh_h',
    ...held('real_fresh_h'),
    idOk: (u, id) => new RegExp(`^${FRESH_H_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'vrue',
  },
  {
    set: 'real_fresh_i',
    ...held('real_fresh_i'),
    idOk: (u, id) => new RegExp(`^${FRESH_I_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'vrue',
  },
  {
    set: 'real_fresh_k',
    ...held('real_fresh_k'),
    idOk: (u, id) => new RegExp(`^${FRESH_K_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'vrue',
  },
  {
    set: 'real_fresh_m',
    ...held('real_fresh_m'),
    idOk: (u, id) => new RegExp(`^${FRESH_M_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'vrue',
  },
  {
    set: 'real_fresh_l',
    ...held('real_fresh_l'),
    idOk: (u, id) => new RegExp(`^${FRESH_L_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'vrue',
  },
  {
    set: 'real_fresh_n',
    ...held('real_fresh_n'),
    idOk: (u, id) => new RegExp(`^${FRESH_N_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'vrue',
  },
  {
    set: 'real_fresh_o',
    ...held('real_fresh_o'),
    idOk: (u, id) => new RegExp(`^${FRESH_O_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'vrue',
  },
  {
    set: 'real_fresh_p',
    ...held('real_fresh_p'),
    idOk: (u, id) => new RegExp(`^${FRESH_P_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'vrue',
  },
  {
    set: 'real_fresh_q',
    ...held('real_fresh_q'),
    idOk: (u, id) => new RegExp(`^${FRESH_Q_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'vrue',
  },
  {
    set: 'real_fresh_r',
    ...held('real_fresh_r'),
    idOk: (u, id) => new RegExp(`^${FRESH_R_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'vrue',
  },
  {
    set: 'real_fresh_s',
    ...held('real_fresh_s'),
    idOk: (u, id) => new RegExp(`^${FRESH_S_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'vrue',
  },
  {
    set: 'real_fresh_t',
    ...held('real_fresh_t'),
    idOk: (u, id) => new RegExp(`^${FRESH_T_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'vrus',
  },
  {
    set: 'real_fresh_u',
    ...held('real_fresh_u'),
    idOk: (u, id) => new RegExp(`^${FRESH_U_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'kukps',
  },
  {
    set: 'real_fresh_v',
    ...held('real_fresh_v'),
    idOk: (u, id) => new RegExp(`^${FRESH_V_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'kmutnb',
  },
  {
    set: 'real_fresh_w',
    ...held('real_fresh_w'),
    idOk: (u, id) => new RegExp(`^${FRESH_W_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'kmuttv',
  },
  {
    set: 'real_fresh_x',
    ...held('real_fresh_x'),
    idOk: (u, id) => new RegExp(`^${FRESH_X_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'uru',
  },
  {
    set: 'real_cal_dev',
    ...held('real_cal_dev'),
    idOk: (u, id) => new RegExp(`^${CAL_DEV_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'kukps',
  },
  {
    set: 'real_cur_dev',
    ...held('real_cur_dev'),
    idOk: (u, id) => new RegExp(`^${CUR_DEV_PREFIX[u]}[ano]-\\d{3}$`).test(id),
    foreign: 'kmutnb',
  },
];

const nonEmptyLines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

describe.each(SETS)('$set', (c) => {
  const CATALOGUE = catalogueRows(c.root);
  const lines = (u: string) => nonEmptyLines(join(c.root, u, 'queries.jsonl'));
  const library = (u: string) => nonEmptyLines(join(c.root, u, 'library.txt'));
  const docsHere = (u: string) => existsSync(join(fetchedDocsRoot(c.set), u));

  describe.each([...c.universities])('%s', (u) => {
    test('library.txt names exactly the catalogued files, each with its pages and blob', () => {
      expect([...library(u)].sort()).toEqual([...CATALOGUE.get(u)!.keys()].sort());
      for (const entry of CATALOGUE.get(u)!.values()) {
        expect(entry.pages).toBeGreaterThanOrEqual(1);
        expect(entry.blob).toMatch(/^[0-9a-f]{12}$/);
      }
    });

    // Runs where the fetched documents are present (a developer's machine), not in a clean clone.
    test.skipIf(!docsHere(u))(
      'the documents present are the catalogued files: same blob, same pages',
      async () => {
        const dir = join(fetchedDocsRoot(c.set), u);
        expect(readdirSync(dir).sort()).toEqual([...CATALOGUE.get(u)!.keys()].sort());
        for (const [file, entry] of CATALOGUE.get(u)!) {
          const data = readFileSync(join(dir, file));
          expect(gitBlob(data).slice(0, 12)).toBe(entry.blob);
          // the product reads a plain-text file as one page (extractPlainText), and a Word file as one text (extractDocxText)
          if (file.endsWith('.txt') || file.endsWith('.docx')) {
            expect(entry.pages).toBe(1);
            continue;
          }
          // unpdf's pdfjs, as the product reads PDFs: a second pdfjs-dist in one test process refuses the other's worker
          const doc = await getDocumentProxy(new Uint8Array(data), { verbosity: 0 });
          expect(doc.numPages).toBe(entry.pages);
          await doc.cleanup();
        }
      },
      60_000,
    );

    test('every question parses, with the fields of its kind, and every gold place exists', () => {
      const files = new Set(library(u));
      const ids = new Set<string>();
      for (const line of lines(u)) {
        const q = JSON.parse(line);
        expect(c.idOk(u, q.id)).toBe(true);
        expectQuestionShape(q, ids, files, (file) => CATALOGUE.get(u)?.get(file)?.pages);
      }
    });
  });

  test('the set is held out (real_more: its held half), and its runs name their libraries and questions', () => {
    const all = c.universities.flatMap((u) => c.queries(c.root, u));
    expect(all.length).toBe(c.universities.reduce((n, u) => n + lines(u).length, 0));
    const fit = all.filter((q) => realDevHalf(q.id) === 'fit').length;
    // real_more, real_scan, real_reg, real_vru_dev, real_cal_dev and real_cur_dev are shared out by the registered split's primary salt
    // (real-dev.ts realDevHalf); real_new, real_tu and the fresh sets are held whole
    if (['real_more', 'real_scan', 'real_reg', 'real_vru_dev', 'real_cal_dev', 'real_cur_dev'].includes(c.set))
      expect(Math.abs(fit / all.length - 0.5)).toBeLessThan(0.15);
    else expect(fit).toBe(0);
    const runs = c.runs(c.root, '/nowhere', [...c.universities, 'union', 'union_all']);
    expect(runs.map((r) => [r.name, r.queries.length])).toEqual([
      ...c.universities.map((u) => [u, lines(u).length]),
      ['union', all.length],
      ['union_all', all.length],
    ]);
    expect(c.runs(c.root, '/nowhere', ['union'], 'fit')[0]!.queries).toHaveLength(fit);
    expect(() => c.runs(c.root, '/nowhere', [c.foreign])).toThrow();
  });
});

// eval-answers.ts --set finds these sets by name in one table; a name that is not one of them (or an Object key) is not.
describe('the held sets eval-answers runs by name', () => {
  test.each(SETS.filter((c) => c.set !== 'real_more'))('$set is one, with its root and its runs', (c) => {
    const held = fetchedHeldSet(c.set)!;
    expect(held.root).toBe(c.root);
    expect([...held.runs]).toEqual([...c.universities, 'union', 'union_all']);
    expect(held.makeRuns(c.root, '/nowhere', ['union']).map((r) => r.queries.length)).toEqual([c.queries(c.root, 'union').length]);
  });
  test.each(['real_dev', 'real_more', 'constructor', undefined])('%p is not', (name) => {
    expect(fetchedHeldSet(name)).toBeUndefined();
  });
  test('the table holds exactly the sets of this shape', () => {
    expect(Object.keys(FETCHED_HELD_SETS).sort()).toEqual([
      'real_cal_dev',
      'real_cur_dev',
      'real_fresh_a',
      'real_fresh_b',
      'real_fresh_c',
      'real_fresh_d',
      'real_fresh_e',
      'real_fresh_f',
      'real_fresh_g',
      'real_fresh_h',
      'real_fresh_i',
      'real_fresh_k',
      'real_fresh_l',
      'real_fresh_m',
      'real_fresh_n',
      'real_fresh_o',
      'real_fresh_p',
      'real_fresh_q',
      'real_fresh_r',
      'real_fresh_s',
      'real_fresh_t',
      'real_fresh_u',
      'real_fresh_v',
      'real_fresh_w',
      'real_fresh_x',
      'real_fresh_y',
      'real_fresh_z',
      'real_fresh_za',
      'real_fresh_zb',
      'real_fresh_zc',
      'real_fresh_zd',
      'real_fresh_ze',
      'real_new',
      'real_reg',
      'real_scan',
      'real_tu',
      'real_vru_dev',
    ]);
  });
});
