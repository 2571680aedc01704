import { hydrateIsland } from '../hydrate';
import { ConsoleApp } from './console/ConsoleApp';

hydrateIsland('console', ConsoleApp);
