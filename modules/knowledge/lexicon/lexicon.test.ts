// The lexicon's own structure: a word list has no member twice, a stop word is never a synonym-group member (it
// would be dropped from the question before the synonym could read it), and every question kind says both how it
// is asked and what answers it.
import { describe, expect, test } from 'bun:test';
import { BUILT_IN_SYNONYMS } from '../question/synonym-list.ts';
import { CONTINUATION_WORDS, PROVISO_WORDS, QUALIFIER_WORDS } from './qualifiers.ts';
import { DIRECT_KINDS, kindEntry, QUESTION_KINDS } from './question-kinds.ts';
import { THAI_STOP_WORDS } from './stop-words.ts';
import { UNIT_NOTATIONS } from './unit-notations.ts';

const twice = (words: readonly string[]) => words.filter((w, i) => words.indexOf(w) !== i);

describe('word lists', () => {
  const lists = { THAI_STOP_WORDS, QUALIFIER_WORDS, PROVISO_WORDS, CONTINUATION_WORDS };
  for (const [name, words] of Object.entries(lists)) {
    test(`${name}: no member twice, none empty`, () => {
      expect(twice(words)).toEqual([]);
      expect(words.filter((w) => w.trim() !== w || w === '')).toEqual([]);
    });
  }

  test('a proviso is a qualifier too (a quote keeps both with the piece before)', () => {
    expect(PROVISO_WORDS.filter((w) => !QUALIFIER_WORDS.includes(w))).toEqual([]);
  });
});

describe('synonyms', () => {
  const members = BUILT_IN_SYNONYMS.flatMap(([docs, slang]) => [...docs, ...slang]);

  test('no stop word is a synonym-group member', () => {
    expect(THAI_STOP_WORDS.filter((w) => members.includes(w))).toEqual([]);
  });

  test("no group lists one member twice, and no member is in a group's both sides", () => {
    const bad = BUILT_IN_SYNONYMS.filter(([docs, slang]) => twice([...docs, ...slang]).length > 0).map(([docs]) => docs[0]);
    expect(bad).toEqual([]);
  });
});

describe('question kinds', () => {
  test('each kind once, each with a question and an answer pattern', () => {
    expect(twice(QUESTION_KINDS.map((k) => k.kind))).toEqual([]);
    for (const k of QUESTION_KINDS) {
      expect(k.question).toBeInstanceOf(RegExp);
      expect(k.answer).toBeInstanceOf(RegExp);
    }
  });

  test('every kind the direct answer states has the shape of a quoted piece that holds it', () => {
    expect(DIRECT_KINDS.filter((kind) => !(kindEntry(kind).quoted instanceof RegExp))).toEqual([]);
  });

  // one question a kind, in the words students use: each is read as its kind by both readers
  const ASKED: Array<[string, string]> = [
    ['when', 'ต้องยื่นคำร้องเมื่อไหร่'],
    ['count', 'ลาพักได้กี่เทอม'],
    ['who', 'ใครเป็นผู้อนุมัติ'],
    ['where', 'ยื่นเอกสารที่ไหน'],
    ['list', 'ต้องใช้เอกสารอะไรบ้าง'],
    ['consequence', 'ลอกข้อสอบจะโดนอะไร'],
    ['whether', 'เลี้ยงแมวในหอได้ไหม'],
  ];
  test.each(ASKED)('%s: "%s"', (kind, question) => {
    const entry = QUESTION_KINDS.find((k) => k.kind === kind)!;
    expect(entry.question.test(question)).toBe(true);
    if (entry.directQuestion) expect(entry.directQuestion.test(question)).toBe(true);
  });
});

describe('what answers a kind', () => {
  test('where: a place or an address answers, the relative pronoun "ที่" alone does not (before: it matched nearly every passage)', () => {
    const where = kindEntry('where');
    expect(where.answer.test('นักศึกษาที่ได้รับทุนต้องรายงานผลการเรียนทุกภาคการศึกษา')).toBe(false);
    expect(where.quoted!.test('นักศึกษาที่ได้รับทุนต้องรายงานผลการเรียนทุกภาคการศึกษา')).toBe(false);
    expect(where.answer.test('ยื่นคำร้อง ณ กองบริการการศึกษา อาคาร 1')).toBe(true);
    expect(where.quoted!.test('ยื่นคำร้อง ณ กองบริการการศึกษา อาคาร 1')).toBe(true);
  });
});

describe('unit notations', () => {
  // a notation stands for a count, so it holds a figure: the unit's word, a bracket or a year alone is none
  for (const [unit, notation] of Object.entries(UNIT_NOTATIONS))
    test(`${unit}: written with a figure`, () => {
      for (const text of [unit, `${unit} ( )`, '(-)', 'พ.ศ. 2567', '%']) expect(notation.test(text)).toBe(false);
    });
});
