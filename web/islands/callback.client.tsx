import { hydrateIsland } from '../hydrate';
import { CallbackApp } from './callback/CallbackApp';

hydrateIsland('callback', CallbackApp);
