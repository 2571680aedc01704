// The chat island's URL: one screen and five paths (/guest/chat, /user/chat[/{id}], /admin/chat[/{id}]), so
// /user/chat → /user/chat/{id} and Back/Forward are real navigations. The chat needs only the path and
// push/replace, so it reads the History API through useSyncExternalStore instead of bundling a router
// (TanStack Router stays in the console's bundle; the chat page loads only what it uses).
import { useCallback, useSyncExternalStore } from 'react';
import type { ChatIslandProps } from '../types';

/** The path the server rendered, rebuilt from the island's props (the guest's ?message= is not part of it). */
export function initialPath({ mode, chatId }: Pick<ChatIslandProps, 'mode' | 'chatId'>): string {
  if (mode === 'guest') return '/guest/chat';
  return chatId ? `/${mode}/chat/${encodeURIComponent(chatId)}` : `/${mode}/chat`;
}

export function chatPath(mode: 'user' | 'admin', id: string | null): string {
  return id ? `/${mode}/chat/${encodeURIComponent(id)}` : `/${mode}/chat`;
}

/** The conversation id in a chat path, or null (a new chat, the guest chat, or another path). */
export function chatIdOf(path: string): string | null {
  const m = /^\/(?:user|admin)\/chat\/([^/]+)\/?$/.exec(path);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

// pushState/replaceState fire no event: our own navigations notify the listeners; Back/Forward come as popstate.
const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

export function navigate(href: string, opts: { replace?: boolean } = {}): void {
  if (opts.replace) window.history.replaceState(null, '', href);
  else if (href !== window.location.pathname + window.location.search) window.history.pushState(null, '', href);
  for (const l of listeners) l();
}

/** The current path: the server's (from the props) while rendering there and hydrating, then the browser's. */
export function useChatPath(serverPath: string): { path: string; navigate: typeof navigate } {
  const path = useSyncExternalStore(
    subscribe,
    () => window.location.pathname,
    () => serverPath,
  );
  return { path, navigate: useCallback(navigate, []) };
}
