import { hydrateIsland } from '../hydrate';
import { ConsoleApp } from './console/ConsoleApp';
import { createConsoleRouter } from './console/router';
import type { ConsoleIslandProps } from './types';

// Load the route matches before hydrating, and tell the router the HTML came from the server, so its
// first render is the server's markup (no Suspense boundary the server did not emit).
const router = createConsoleRouter(null);
router.ssr = { manifest: undefined };
await router.load();
hydrateIsland<ConsoleIslandProps>('console', (props) => <ConsoleApp {...props} router={router} />);
