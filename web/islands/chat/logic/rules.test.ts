import { describe, expect, test } from 'bun:test';
import { canSend, keyAction, newConnectionId } from './send';
import { dayLabel, groupRecents, shortDate, topicId } from './recents';
import { GUEST_CHATS_KEY, guestTitle, loadGuestChats, saveGuestChats, upsertGuestChat } from './guest-store';
import { renameOutcome } from '../RenameField';
import { detectDrafting } from '../../../../contracts/drafting';
import { chatText } from '../../../strings/chat';

const key = (k: Partial<Parameters<typeof keyAction>[0]>) =>
  keyAction({ key: 'Enter', shiftKey: false, ctrlKey: false, metaKey: false, isComposing: false, ...k });

describe('sending (chat.md §5)', () => {
  test('non-blank text or a file, not disabled, not thinking', () => {
    expect(canSend({ text: 'ถาม', fileCount: 0, disabled: false, thinking: false })).toBe(true);
    expect(canSend({ text: '  \n ', fileCount: 0, disabled: false, thinking: false })).toBe(false);
    expect(canSend({ text: '', fileCount: 1, disabled: false, thinking: false })).toBe(true);
    expect(canSend({ text: 'ถาม', fileCount: 0, disabled: true, thinking: false })).toBe(false);
    expect(canSend({ text: 'ถาม', fileCount: 0, disabled: false, thinking: true })).toBe(false);
  });
  test('keys: Enter and Ctrl/Cmd+Enter send, Shift+Enter is a new line, composing does nothing', () => {
    expect(key({})).toBe('send');
    expect(key({ ctrlKey: true })).toBe('send');
    expect(key({ metaKey: true })).toBe('send');
    expect(key({ shiftKey: true })).toBe('newline');
    expect(key({ isComposing: true })).toBe('none');
    expect(key({ keyCode: 229 })).toBe('none');
    expect(key({ key: 'a' })).toBe('none');
  });
  test('connection ids are fresh', () => {
    const ids = new Set(Array.from({ length: 50 }, newConnectionId));
    expect(ids.size).toBe(50);
  });
  test('the quick questions are questions, not drafting requests', () => {
    expect(detectDrafting(chatText.requiredDocsQuestion).drafting).toBe(false);
    expect(detectDrafting(chatText.templatesQuestion).drafting).toBe(false);
  });
});

describe('Recents grouping', () => {
  const now = new Date(2026, 10, 5, 10, 0); // 5 Nov 2026, local time
  test('Today, Yesterday, then "Mon D, YY"', () => {
    expect(dayLabel(new Date(2026, 10, 5, 0, 1), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 4, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 3, 12), now)).toBe('Nov 3, 26');
    expect(shortDate(new Date(2009, 0, 9))).toBe('Jan 9, 09');
  });
  test('newest first, grouped in order', () => {
    const groups = groupRecents(
      [
        { id: 'a', title: 'A', updatedAt: new Date(2026, 10, 3, 9).toISOString() },
        { id: 'b', title: 'B', updatedAt: new Date(2026, 10, 5, 9).toISOString() },
        { id: 'c', title: 'C', updatedAt: new Date(2026, 10, 4, 9).getTime() },
        { id: 'd', title: 'D', updatedAt: new Date(2026, 10, 5, 8).toISOString() },
      ],
      now,
    );
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['Today', ['b', 'd']],
      ['Yesterday', ['c']],
      ['Nov 3, 26', ['a']],
    ]);
  });
  test('topic ids may arrive wrapped', () => {
    expect(topicId('x')).toBe('x');
    expect(topicId({ id: 'y' })).toBe('y');
    expect(topicId({ id: { $oid: 'z' } })).toBe('z');
  });
  test('rename: Enter saves a trimmed title, Escape or empty cancels', () => {
    expect(renameOutcome('enter', '  ชื่อใหม่ ')).toBe('ชื่อใหม่');
    expect(renameOutcome('enter', '   ')).toBeNull();
    expect(renameOutcome('escape', 'ชื่อ')).toBeNull();
  });
});

describe('guest chats', () => {
  test('title: first 30 characters plus an ellipsis, default New chat', () => {
    expect(guestTitle('')).toBe('New chat');
    expect(guestTitle('  สั้น ๆ  ')).toBe('สั้น ๆ');
    const long = 'ก'.repeat(31);
    expect(guestTitle(long)).toBe('ก'.repeat(30) + '…');
    expect(guestTitle('a'.repeat(30))).toBe('a'.repeat(30));
  });
  test('stored under the product key; bad data is no history; unfinished replies are stored as cancelled', () => {
    const mem = new Map<string, string>();
    const storage = { getItem: (k: string) => mem.get(k) ?? null, setItem: (k: string, v: string) => void mem.set(k, v) } as Storage;
    mem.set(GUEST_CHATS_KEY, '{not json');
    expect(loadGuestChats(storage)).toEqual([]);
    const chat = {
      id: 'g1',
      title: 'New chat',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      messages: [
        { id: 'user_1', role: 'user' as const, text: 'ต้องยื่นโครงการล่วงหน้ากี่วันก่อนจัดกิจกรรมนอกสถานที่', createdAt: '' },
        { id: 'assistant_1', role: 'assistant' as const, text: '', createdAt: '', thinking: true },
      ],
    };
    saveGuestChats(upsertGuestChat([], chat), storage);
    const [loaded] = loadGuestChats(storage);
    expect(loaded!.title).toBe('ต้องยื่นโครงการล่วงหน้ากี่วันก่อนจัดกิจกรรมนอ'.slice(0, 30) + '…');
    expect(loaded!.messages[1]!.thinking).toBe(false);
    expect(loaded!.messages[1]!.error?.tone).toBe('cancelled');
  });
});
