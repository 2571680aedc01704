// When a message may be sent and what a key press in the message box does (chat.md §2, §5).

export function canSend(s: { text: string; fileCount: number; disabled: boolean; thinking: boolean }): boolean {
  return !s.disabled && !s.thinking && (s.text.trim().length > 0 || s.fileCount > 0);
}

export interface KeyInfo {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey?: boolean;
  /** true while an input method (Thai, Japanese…) is composing: Enter confirms the composition */
  isComposing: boolean;
  /** 229: some browsers report composition only through keyCode */
  keyCode?: number;
}

export type KeyAction = 'send' | 'newline' | 'none';

/** Enter or Ctrl/Cmd+Enter sends; Shift+Enter is a new line; nothing happens while composing. */
export function keyAction(k: KeyInfo): KeyAction {
  if (k.key !== 'Enter') return 'none';
  if (k.isComposing || k.keyCode === 229) return 'none';
  if (k.shiftKey) return 'newline';
  if (k.altKey) return 'none';
  return 'send';
}

/** A fresh id per chat request (chat.md §4): randomUUID needs a secure context, so fall back. */
export function newConnectionId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function' && globalThis.isSecureContext !== false) return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}
