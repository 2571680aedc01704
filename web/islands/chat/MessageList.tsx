import { useEffect, useRef } from 'react';
import { MessageBubble } from './MessageBubble';
import type { ChatMessage } from './logic/types';
import { chatText } from '../../strings/chat';

/** The conversation; follows new text to the bottom unless the reader has scrolled up. */
export function MessageList({ messages, busy, onRegenerate }: { messages: ChatMessage[]; busy: boolean; onRegenerate(): void }) {
  const box = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  useEffect(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [messages]);
  let lastAssistant = -1;
  messages.forEach((m, i) => m.role === 'assistant' && (lastAssistant = i));
  return (
    <div
      ref={box}
      className="chat-scroll"
      onScroll={(e) => {
        const el = e.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
    >
      <h2 className="visually-hidden">{chatText.conversationHeading}</h2>
      <ol className="messages">
        {messages.map((m, i) => (
          <MessageBubble key={m.id} message={m} canRegenerate={!busy && i === lastAssistant && i === messages.length - 1} onRegenerate={onRegenerate} />
        ))}
      </ol>
    </div>
  );
}
