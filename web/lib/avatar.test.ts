import { describe, expect, test } from 'bun:test';
import { AVATAR_COLORS, avatarColor, displayName, initials } from './avatar';

describe('avatar (chat.md §3)', () => {
  test('initials skip Thai leading vowels (เ แ โ ใ ไ)', () => {
    expect(initials('ใจดี')).toBe('จ');
    expect(initials('สมชาย ใจดี')).toBe('สจ');
    expect(initials('เอกชัย แก้วมณี')).toBe('อก');
    expect(initials('ไพโรจน์ โพธิ์ทอง')).toBe('พพ');
    expect(initials('somchai jaidee')).toBe('SJ');
    expect(initials('  ')).toBe('?');
    expect(initials('เ')).toBe('เ'); // nothing after the vowel: keep it rather than show nothing
  });
  test('one of 12 colours, the same for the same name, spread over the palette', () => {
    expect(AVATAR_COLORS).toHaveLength(12);
    expect(new Set(AVATAR_COLORS).size).toBe(12);
    expect(avatarColor('สมชาย ใจดี')).toBe(avatarColor('สมชาย ใจดี'));
    const names = Array.from({ length: 200 }, (_, i) => `ผู้ใช้ ${i}`);
    const used = new Set(names.map(avatarColor));
    for (const c of used) expect(AVATAR_COLORS).toContain(c as (typeof AVATAR_COLORS)[number]);
    expect(used.size).toBe(12);
  });
  test('display name falls back to Unknown User', () => {
    expect(displayName({ firstname: 'สมชาย', lastname: 'ใจดี' })).toBe('สมชาย ใจดี');
    expect(displayName({ firstname: ' ', lastname: null })).toBe('Unknown User');
  });
});
