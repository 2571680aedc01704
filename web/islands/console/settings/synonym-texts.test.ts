import { describe, expect, test } from 'bun:test';
import { prefillFromSearch, splitTerms, synonymPrefillHref } from './synonym-texts';

describe('synonyms editor field', () => {
  test('terms split on commas and new lines, trimmed, blanks and repeats dropped', () => {
    expect(splitTerms(' ห้องประชุม ,มีตติ้ง   รูม,, ห้องประชุม\nห้องมีตติ้ง ')).toEqual(['ห้องประชุม', 'มีตติ้ง รูม', 'ห้องมีตติ้ง']);
    expect(splitTerms('GPA, gpa')).toEqual(['GPA']);
  });

  test("the insights page's ?synonym= words fill the field", () => {
    expect(prefillFromSearch(`?synonym=${encodeURIComponent('ตึกชมรม,มีตติ้งรูม')}`)).toBe('ตึกชมรม, มีตติ้งรูม');
    expect(prefillFromSearch('?other=1')).toBe('');
    // the router's <Link search={…}> writes JSON values
    expect(prefillFromSearch(`?synonym=${encodeURIComponent('"ตึกชมรม,มีตติ้งรูม"')}`)).toBe('ตึกชมรม, มีตติ้งรูม');
    expect(prefillFromSearch(`?synonym=${encodeURIComponent('["ตึกชมรม","มีตติ้งรูม"]')}`)).toBe('ตึกชมรม, มีตติ้งรูม');
    const href = synonymPrefillHref(['ตึกชมรม', 'มีตติ้งรูม']);
    expect(href).toStartWith('/admin/management/setting?');
    expect(prefillFromSearch(new URL(href, 'http://x').search)).toBe('ตึกชมรม, มีตติ้งรูม');
  });
});
