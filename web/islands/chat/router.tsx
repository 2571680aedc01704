// TanStack Router inside the chat island: one screen (the root route) and the five chat paths, so
// /user/chat → /user/chat/{id} and Back/Forward are real navigations. Memory history on the server,
// browser history in the page; both load before rendering so hydration sees the same tree.
import { createBrowserHistory, createMemoryHistory, createRootRoute, createRoute, createRouter, type RouterHistory } from '@tanstack/react-router';
import type { ChatIslandProps } from '../types';
import { ChatScreen } from './ChatScreen';

const rootRoute = createRootRoute({ component: ChatScreen });
const empty = () => null;
const routeTree = rootRoute.addChildren(
  ['/guest/chat', '/user/chat', '/user/chat/$chatid', '/admin/chat', '/admin/chat/$chatid'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: empty }),
  ),
);

export function createChatRouter(history: RouterHistory) {
  return createRouter({ routeTree, history, defaultPreload: false, scrollRestoration: false });
}
export type ChatRouter = ReturnType<typeof createChatRouter>;

/** The path the server rendered, rebuilt from the island's props (the guest's ?message= is not part of it). */
export function initialPath({ mode, chatId }: Pick<ChatIslandProps, 'mode' | 'chatId'>): string {
  if (mode === 'guest') return '/guest/chat';
  return chatId ? `/${mode}/chat/${encodeURIComponent(chatId)}` : `/${mode}/chat`;
}

export function chatPath(mode: 'user' | 'admin', id: string | null): string {
  return id ? `/${mode}/chat/${encodeURIComponent(id)}` : `/${mode}/chat`;
}

export const serverRouter = (props: ChatIslandProps) => createChatRouter(createMemoryHistory({ initialEntries: [initialPath(props)] }));
export function browserRouter() {
  const router = createChatRouter(createBrowserHistory());
  // Mark the router as hydrating server HTML (what TanStack's own hydrate() sets): without it the
  // client wraps the root in a Suspense boundary the server never rendered, and hydration fails.
  router.ssr = { manifest: undefined };
  return router;
}
