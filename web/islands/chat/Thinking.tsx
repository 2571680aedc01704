import { useEffect, useState } from 'react';
import { chatText } from '../../strings/chat';

export const THINKING_INTERVAL_MS = 1200;

/** The waiting bubble: one of 12 phrases, the next every 1.2 s (chat.md §2). */
export function Thinking() {
  const [i, setI] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setI((n) => (n + 1) % chatText.thinking.length), THINKING_INTERVAL_MS);
    return () => clearInterval(t);
  }, []);
  return (
    <span className="thinking">
      <span className="thinking-dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span className="thinking-text">{chatText.thinking[i]}</span>
    </span>
  );
}
