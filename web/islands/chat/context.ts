import { createContext, useContext } from 'react';
import type { ChatIslandProps } from '../types';

export const PropsContext = createContext<ChatIslandProps | null>(null);

export function useIslandProps(): ChatIslandProps {
  const p = useContext(PropsContext);
  if (!p) throw new Error('chat island props missing');
  return p;
}
