import { use, useMemo, useState } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import type { ConsoleIslandProps } from '../types';
import { ConsoleContext } from './shell/context';
import { createConsoleRouter, type ConsoleRouter } from './router';

export interface ConsoleAppProps extends ConsoleIslandProps {
  /** the browser's router, already loaded by console.client.tsx before hydration */
  router?: ConsoleRouter;
}

// The server renders with a router at `path`, loaded first. A suspended render is retried with the same
// props object, so the router and its load are kept per props rather than per render.
const serverRouters = new WeakMap<object, { router: ConsoleRouter; ready: Promise<void> }>();
function serverRouter(props: ConsoleAppProps) {
  let entry = serverRouters.get(props);
  if (!entry) {
    const router = createConsoleRouter(props.path);
    entry = { router, ready: router.load() };
    serverRouters.set(props, entry);
  }
  return entry;
}

export function ConsoleApp(props: ConsoleAppProps) {
  let router = props.router;
  if (!router) {
    const entry = serverRouter(props);
    use(entry.ready);
    router = entry.router;
  }
  const [search, setSearch] = useState('');
  const value = useMemo(() => ({ user: props.user, search, setSearch }), [props.user, search]);
  return (
    <ConsoleContext.Provider value={value}>
      <RouterProvider router={router} />
    </ConsoleContext.Provider>
  );
}
