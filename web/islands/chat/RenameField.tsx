import { useEffect, useRef, useState } from 'react';
import { chatText } from '../../strings/chat';
import { TOPIC_MAX_LENGTH } from './logic/recents';

/** What a key or blur does to an inline rename: Enter saves, Escape cancels, an empty title cancels. */
export function renameOutcome(event: 'enter' | 'escape' | 'blur', value: string): string | null {
  if (event === 'escape') return null;
  const t = value.trim();
  return t ? t : null;
}

/** Calls onDone once: with the new title, or null when the edit is cancelled. */
export function RenameField({ initial, onDone }: { initial: string; onDone(title: string | null): void }) {
  const [value, setValue] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  const finished = useRef(false);
  const finish = (title: string | null) => {
    if (finished.current) return;
    finished.current = true;
    onDone(title);
  };
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  return (
    <input
      ref={input}
      className="rename-input"
      type="text"
      value={value}
      maxLength={TOPIC_MAX_LENGTH}
      aria-label={chatText.renameField}
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
          e.preventDefault();
          finish(renameOutcome('enter', value));
        } else if (e.key === 'Escape') {
          e.preventDefault();
          finish(null);
        }
      }}
      onBlur={() => finish(renameOutcome('blur', value))}
    />
  );
}
