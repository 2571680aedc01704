import { hydrateIsland } from '../hydrate';
import { LandingSearch } from '../components/LandingSearch';

hydrateIsland('landing', LandingSearch);
