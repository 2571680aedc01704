import { hydrateIsland } from '../hydrate';
import { BackButton } from '../components/BackButton';

hydrateIsland('back', BackButton);
