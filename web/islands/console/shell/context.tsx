import { createContext, useContext } from 'react';
import type { SessionUser } from '../../types';

/** What every console page needs: the signed-in admin and the header search text (library only). */
export interface ConsoleState {
  user: SessionUser;
  search: string;
  setSearch: (text: string) => void;
}

export const ConsoleContext = createContext<ConsoleState | null>(null);

export function useConsole(): ConsoleState {
  const c = useContext(ConsoleContext);
  if (!c) throw new Error('useConsole outside the console island');
  return c;
}
