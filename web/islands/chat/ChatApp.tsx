// The chat island (chat.md §2): guest, user and admin chat share this one implementation.
import { use } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import type { ChatIslandProps } from '../types';
import { serverRouter, type ChatRouter } from './router';
import { PropsContext } from './context';


// On the server the router must finish loading before rendering; React retries a suspended render
// with the same props object, so the router made for it is kept here until the request is done.
const loading = new WeakMap<object, { router: ChatRouter; ready: Promise<void> }>();

function routerForServer(props: ChatIslandProps) {
  let entry = loading.get(props);
  if (!entry) {
    const router = serverRouter(props);
    entry = { router, ready: router.load() };
    loading.set(props, entry);
  }
  use(entry.ready);
  return entry.router;
}

/** `router` is given by chat.client.tsx (browser history, already loaded); the server makes its own. */
export function ChatApp(props: ChatIslandProps & { router?: ChatRouter }) {
  const { router: given, ...islandProps } = props;
  const router = given ?? routerForServer(props);
  return (
    <PropsContext value={given ? islandProps : props}>
      <RouterProvider router={router} />
    </PropsContext>
  );
}
