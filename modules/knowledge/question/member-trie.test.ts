// The synonym list's members are found with a trie, not one regular expression (member-trie.ts).
import { describe, expect, test } from 'bun:test';
import { Claims, MemberTrie } from './member-trie.ts';
import { adminMembersIn, expansions, inDocumentWording, type SynonymGroup } from './synonyms.ts';

const found = (trie: MemberTrie, text: string, at: number, loose = false) => {
  const out: string[] = [];
  trie.walk(text, at, (id, end) => out.push(`${trie.keys[id]}@${end}`), loose);
  return out;
};

describe('MemberTrie', () => {
  test('every key starting at an offset, shortest first; a dot between letters only when loose', () => {
    const trie = new MemberTrie(['ปตรี', 'ป', 'ปต']);
    expect(found(trie, 'xปตรี', 1)).toEqual(['ป@2', 'ปต@3', 'ปตรี@5']);
    expect(found(trie, 'ป.ตรี', 0)).toEqual(['ป@1']);
    expect(found(trie, 'ป.ตรี', 0, true)).toEqual(['ป@1', 'ปต@3', 'ปตรี@5']);
    // one dot, between letters: not two, not leading
    expect(found(trie, 'ป..ตรี', 0, true)).toEqual(['ป@1']);
    expect(found(trie, '.ปตรี', 0, true)).toEqual([]);
    expect(trie.occurrences('ปตปตรี')).toEqual(
      new Map([
        [1, [0, 2]],
        [2, [0, 2]],
        [0, [2]],
      ]),
    );
  });

  test('claims take whole occurrences left to right, none overlapping, as split does', () => {
    const claims = new Claims(5);
    claims.claim([0, 1, 2, 3], 2); // "aa" in "aaaaa"
    expect('aaaaa'.split('aa').join('_')).toBe('__a');
    expect(claims.blanked('aaaaa', () => '_')).toBe('__a');
    expect(claims.whole(4, 1)).toBe(true);
    expect(claims.whole(3, 2)).toBe(false);
  });
});

// 210 groups of 20 terms of 100 characters, inside the editor's limits: as one alternation they were a
// regular expression too large to compile, and every question failed (before: "regular expression too large").
const LARGE: SynonymGroup[] = Array.from({ length: 210 }, (_, g) => {
  const terms = Array.from({ length: 20 }, (_, t) => `คำ${g}ที่${t}`.padEnd(100, 'ก'));
  return [terms, terms.slice(1)] as const;
});

test('a list of the largest groups is read: the question is answered in the documents wording', () => {
  const list: SynonymGroup[] = [...LARGE, [['ห้องประชุม', 'มีตติ้งรูม'], ['มีตติ้งรูม']]];
  expect(inDocumentWording('จองมีตติ้งรูมต้องทำล่วงหน้ากี่วัน', list)).toBe('จองห้องประชุมต้องทำล่วงหน้ากี่วัน');
  expect(expansions('จองมีตติ้งรูมต้องทำล่วงหน้ากี่วัน', list)).toEqual(['ห้องประชุม']);
  expect(adminMembersIn('จองมีตติ้งรูม', list)).toEqual(['มีตติ้งรูม']);
  const long = LARGE[7]![0][3]!;
  expect(expansions(`ขอถาม ${long} หน่อย`, list)).toContain(LARGE[7]![0][0]);
  expect(adminMembersIn(`ขอถาม${long}หน่อย`, list)).toEqual([long]);
});
