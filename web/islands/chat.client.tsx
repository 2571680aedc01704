import { hydrateIsland } from '../hydrate';
import { ChatApp } from './chat/ChatApp';
import { browserRouter } from './chat/router';
import type { ChatIslandProps } from './types';

// Load the router before hydrating so the first client render matches the server's HTML.
const router = browserRouter();
await router.load();
hydrateIsland('chat', (props: ChatIslandProps) => <ChatApp {...props} router={router} />);
