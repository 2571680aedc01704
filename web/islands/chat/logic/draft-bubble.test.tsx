// A draft's bubble says how complete the brief was and what is missing, instead of a confidence line.
import { describe, expect, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { missingMark } from '../../../../contracts/drafting';
import { MessageBubble } from '../MessageBubble';
import type { ChatMessage } from './types';

const bubble = (m: Partial<ChatMessage>) =>
  renderToString(
    <MessageBubble message={{ id: 'assistant_1', role: 'assistant', text: '', createdAt: '', ...m }} canRegenerate={false} onRegenerate={() => {}} />,
  );

describe('draft bubble', () => {
  test('completeness with the missing facts, no confidence', () => {
    const text = `บันทึกข้อความ\nโทร. ${missingMark('หมายเลขโทรศัพท์')}\nด้วย… ${missingMark('เหตุผลความจำเป็น')}`;
    const html = bubble({ text, accuracy: 81.82, draft: { documentType: 'internal_memo', downloadUrl: '/api/drafts/a1/download' } });
    expect(html).toContain('ข้อมูลครบ 9 จาก 11 หัวข้อ');
    expect(html).toContain('หมายเลขโทรศัพท์, เหตุผลความจำเป็น');
    expect(html).not.toContain('ความมั่นใจ');
  });
  test('an answer keeps its confidence line', () => {
    const html = bubble({ text: 'ตามข้อบังคับ ข้อ ๕ …', accuracy: 85 });
    expect(html).toContain('ความมั่นใจสูง');
    expect(html).not.toContain('ข้อมูลครบ');
  });
});
