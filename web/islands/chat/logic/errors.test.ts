import { describe, expect, test } from 'bun:test';
import { failureText } from './errors';
import { chatText } from '../../../strings/chat';

describe('failure texts come from error codes (chat.md §8)', () => {
  test('cancelled, rate limited, connection, timeout', () => {
    expect(failureText({ code: 'cancelled' }, 'chat', true)).toEqual({ text: chatText.errCancelled, tone: 'cancelled' });
    expect(failureText({ code: 'http_429', status: 429 }, 'send', false).text).toBe(chatText.errRateLimited);
    expect(failureText({ code: 'ai_unavailable' }, 'chat', true).text).toBe(chatText.errConnectionGuest);
    expect(failureText({ code: 'network', status: 0 }, 'chat', false).text).toBe(chatText.errConnection);
    expect(failureText({ code: 'ai_timeout' }, 'chat', false).text).toBe(chatText.errTimeout);
  });
  test('per operation: drafting, regenerate, send; server faults stay generic', () => {
    expect(failureText({ code: 'internal', status: 500 }, 'draft', false).text).toBe(chatText.errDraft);
    expect(failureText({ code: 'ai_empty' }, 'chat', false).text).toBe(chatText.errEmpty);
    expect(failureText({ code: 'internal', status: 500 }, 'regenerate', false).text).toBe(chatText.errRegenerate);
    expect(failureText({ code: 'validation', status: 400, message: 'ข้อความยาวเกินไป' }, 'send', false).text).toBe('ข้อผิดพลาด: ข้อความยาวเกินไป');
    expect(failureText({ code: 'bad_request', message: 'ไม่สามารถอ่านไฟล์ a.docx ได้' }, 'chat', true).text).toBe('ข้อผิดพลาด: ไม่สามารถอ่านไฟล์ a.docx ได้');
    // a message mentioning "error" or "invalid" is not what decides: the code and status do
    expect(failureText({ code: 'internal', status: 500, message: 'invalid jwt exception' }, 'chat', false).text).toBe(chatText.errGeneric);
  });
});
