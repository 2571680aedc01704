// The chat's limits agree with the server's, and a turn left pending is not polled for ever.
import { describe, expect, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { TOPIC_MAX } from '../../../../modules/conversations/model';
import { RenameField } from '../RenameField';
import { TOPIC_MAX_LENGTH } from './recents';
import { giveUpPending, pendingAction, PENDING_GIVE_UP_MS } from './pending';
import { chatText } from '../../../strings/chat';
import type { ChatMessage } from './types';

describe('limits', () => {
  test('the rename field accepts exactly what the server accepts', () => {
    expect(TOPIC_MAX_LENGTH).toBe(TOPIC_MAX);
    const html = renderToString(<RenameField initial="ชื่อเดิม" onDone={() => {}} />);
    expect(html).toContain(`maxLength="${TOPIC_MAX}"`);
  });

  test('a pending turn is polled for a bounded time (past the AI timeout), then shown as a missing reply', () => {
    expect(PENDING_GIVE_UP_MS).toBeGreaterThan(120_000);
    expect(pendingAction(0, 2_000)).toBe('poll');
    expect(pendingAction(0, PENDING_GIVE_UP_MS - 1)).toBe('poll');
    expect(pendingAction(0, PENDING_GIVE_UP_MS)).toBe('give-up');
    const list: ChatMessage[] = [
      { id: 'user_1', role: 'user', text: 'ถาม', createdAt: '' },
      { id: 'assistant_1', role: 'assistant', text: '', createdAt: '', thinking: true },
    ];
    const after = giveUpPending(list);
    expect(after[0]).toBe(list[0]!);
    expect(after[1]).toMatchObject({ thinking: false, error: { text: chatText.errNoReply, tone: 'error' } });
  });
});
