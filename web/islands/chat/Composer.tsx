// The message box (chat.md §2 "Message box"): grows to 160 px, Enter sends, Shift+Enter is a new
// line, nothing is sent while an input method composes; file chips; references on/off; send ↔ stop.
import { useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { chatText } from '../../strings/chat';
import { canSend, keyAction } from './logic/send';
import { FileChip } from './FileChip';
import { PaperclipIcon, SendIcon, StopIcon } from './icons';

export const MAX_INPUT_HEIGHT = 160;
const ACCEPT = '.pdf,.doc,.docx,.txt,.md,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain';

export interface ComposerHandle {
  prefill(text: string): void;
  pickFiles(): void;
}

interface Props {
  busy: boolean;
  disabled: boolean;
  showRefs: boolean;
  onShowRefs(v: boolean): void;
  onSend(text: string, files: File[]): void;
  onStop(): void;
  hint?: string | null;
  ref?: Ref<ComposerHandle>;
}

export function Composer({ busy, disabled, showRefs, onShowRefs, onSend, onStop, hint, ref }: Props) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const allowed = canSend({ text, fileCount: files.length, disabled, thinking: busy });

  useImperativeHandle(ref, () => ({
    prefill(t: string) {
      setText(t);
      requestAnimationFrame(() => {
        const el = area.current;
        if (!el) return;
        el.focus();
        el.setSelectionRange(t.length, t.length);
      });
    },
    pickFiles: () => picker.current?.click(),
  }));

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_INPUT_HEIGHT)}px`;
    el.style.overflowY = el.scrollHeight > MAX_INPUT_HEIGHT ? 'auto' : 'hidden';
  }, [text]);

  const submit = () => {
    if (!allowed) return;
    onSend(text, files);
    setText('');
    setFiles([]);
  };

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {files.length > 0 && (
        <ul className="file-chips" aria-label={chatText.attach}>
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <FileChip name={f.name} onRemove={() => setFiles((l) => l.filter((_, j) => j !== i))} />
            </li>
          ))}
        </ul>
      )}
      <label htmlFor="chat-input" className="visually-hidden">
        {chatText.inputLabel}
      </label>
      <textarea
        id="chat-input"
        ref={area}
        rows={1}
        value={text}
        maxLength={8000}
        placeholder={chatText.placeholder}
        aria-describedby="chat-input-hint"
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          const action = keyAction({
            key: e.key,
            shiftKey: e.shiftKey,
            ctrlKey: e.ctrlKey,
            metaKey: e.metaKey,
            altKey: e.altKey,
            isComposing: e.nativeEvent.isComposing,
            keyCode: e.keyCode,
          });
          if (action === 'send') {
            e.preventDefault();
            submit();
          }
        }}
      />
      <div className="composer-bar">
        <input
          ref={picker}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          onChange={(e) => {
            const picked = Array.from(e.target.files ?? []);
            if (picked.length) setFiles((l) => [...l, ...picked]);
            e.target.value = '';
          }}
        />
        <button
          type="button"
          className="icon-btn"
          aria-label={chatText.attach}
          title={chatText.attach}
          onClick={() => picker.current?.click()}
          disabled={disabled || busy}
        >
          <PaperclipIcon />
        </button>
        <label className="style-select">
          <span className="visually-hidden">{chatText.responseStyle}</span>
          <select value={showRefs ? 'show' : 'hide'} onChange={(e) => onShowRefs(e.target.value === 'show')}>
            <option value="hide">{chatText.hideRefs}</option>
            <option value="show">{chatText.showRefs}</option>
          </select>
        </label>
        <span id="chat-input-hint" className="composer-hint">
          {hint ?? chatText.keyHint}
        </span>
        {busy ? (
          <button type="button" className="send-btn stop" aria-label={chatText.stop} title={chatText.stop} onClick={onStop}>
            <StopIcon />
          </button>
        ) : (
          <button type="submit" className="send-btn" aria-label={chatText.send} title={chatText.send} disabled={!allowed}>
            <SendIcon />
          </button>
        )}
      </div>
    </form>
  );
}
