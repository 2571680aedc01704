import { describe, expect, test } from 'bun:test';
import { applyAnswer, detailIdOf, historyOf, recordToMessages } from './messages';
import type { ChatMessage, ConversationRecord } from './types';
import { chatText } from '../../../strings/chat';

/** A record as the API sends it (contracts/conversations.ts), with the fields a test cares about. */
const record = (r: Partial<ConversationRecord>): ConversationRecord => ({
  conversationDetailId: 'd1',
  conversationId: 'c1',
  createdAt: '2026-01-01T00:00:00Z',
  query: '',
  response: '',
  confidence: 0,
  status: 'complete',
  attachments: [],
  references: [],
  documents: [],
  show_regulation: false,
  documentType: null,
  downloadUrl: null,
  ...r,
});

describe('conversation records → messages', () => {
  test('each record is a user_ and an assistant_ message; the query loses its Content from sections', () => {
    const [u, a] = recordToMessages(
      record({ query: 'ตรวจให้หน่อย\n\nContent from plan.docx\nเนื้อหา', response: 'ตอบ\nAccuracy: 70%', confidence: 70, status: 'complete' }),
      'admin',
    );
    expect(u).toMatchObject({ id: 'user_d1', role: 'admin', text: 'ตรวจให้หน่อย', files: [{ name: 'plan.docx' }] });
    expect(a).toMatchObject({ id: 'assistant_d1', role: 'assistant', text: 'ตอบ', accuracy: 70 });
    expect(detailIdOf(a!.id)).toBe('d1');
  });
  test('pending, cancelled and empty turns', () => {
    expect(recordToMessages(record({ query: 'q', status: 'pending' }), 'user')[1]!.thinking).toBe(true);
    expect(recordToMessages(record({ query: 'q', status: 'cancelled' }), 'user')[1]!.error?.tone).toBe('cancelled');
    expect(recordToMessages(record({ query: 'q', response: '', status: 'failed' }), 'user')[1]!.error?.tone).toBe('error');
  });
  test('an answer without text is the empty-response error; drafts keep their download', () => {
    const m: ChatMessage = { id: 'assistant_x', role: 'assistant', text: '', createdAt: '', thinking: true };
    expect(applyAnswer(m, { text: '  ' }).error?.text).toBe('Error: Unable to get response from AI server');
    const d = applyAnswer(m, { text: 'บันทึกข้อความ…', accuracy: 88, document_type: 'internal_memo', downloadUrl: '/api/drafts/1/download' });
    expect(d).toMatchObject({ thinking: false, accuracy: 88, draft: { documentType: 'internal_memo', downloadUrl: '/api/drafts/1/download' } });
  });
  test('an empty draft shows the cannot-draft text, not the empty-response one', () => {
    const m: ChatMessage = { id: 'assistant_x', role: 'assistant', text: '', createdAt: '', thinking: true };
    expect(applyAnswer(m, { text: '' }, true).error?.text).toBe(chatText.errDraftEmpty);
    expect(applyAnswer(m, { text: '', document_type: 'internal_memo' }).error?.text).toBe(chatText.errDraftEmpty);
  });
  test('references show only when the question asked for them, never twice', () => {
    const m: ChatMessage = { id: 'assistant_x', role: 'assistant', text: '', createdAt: '', thinking: true };
    const refs = [{ documentId: 'doc1', title: 'ข้อบังคับ', headingPath: ['ข้อ ๕'], page: 1, text: 'ข้อ ๕ …' }];
    expect(applyAnswer(m, { text: 'ตอบ', references: refs, show_regulation: true }).references).toEqual(refs);
    expect(applyAnswer(m, { text: 'ตอบ', references: refs, show_regulation: false }).references).toBeUndefined();
    const stored = { query: 'q', response: 'ตอบ', confidence: 90, status: 'complete' as const, references: refs };
    expect(recordToMessages(record({ ...stored, show_regulation: true }), 'user')[1]!.references).toEqual(refs);
    expect(recordToMessages(record({ ...stored, show_regulation: false }), 'user')[1]!.references).toBeUndefined();
  });
  test('a stored draft comes back with its download', () => {
    const [, a] = recordToMessages(
      record({
        query: 'ช่วยร่างบันทึก',
        response: 'บันทึกข้อความ',
        confidence: 50,
        status: 'complete',
        documentType: 'internal_memo',
        downloadUrl: '/api/drafts/abc/download',
      }),
      'user',
    );
    expect(a!.draft).toEqual({ documentType: 'internal_memo', downloadUrl: '/api/drafts/abc/download' });
  });
  test('drafting history leaves out failed and unfinished bubbles', () => {
    const list: ChatMessage[] = [
      { id: 'user_1', role: 'user', text: 'ถาม', createdAt: '' },
      { id: 'assistant_1', role: 'assistant', text: 'ตอบ', createdAt: '' },
      { id: 'user_2', role: 'user', text: 'ถามอีก', createdAt: '' },
      { id: 'assistant_2', role: 'assistant', text: '', createdAt: '', error: { text: 'x', tone: 'error' } },
    ];
    expect(historyOf(list)).toEqual([
      { role: 'user', content: 'ถาม' },
      { role: 'assistant', content: 'ตอบ' },
      { role: 'user', content: 'ถามอีก' },
    ]);
  });
});
