import { hydrateIsland } from '../hydrate';
import { ChatApp } from './chat/ChatApp';

hydrateIsland('chat', ChatApp);
