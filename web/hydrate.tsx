// Browser side of web/island.tsx.
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

export function hydrateIsland<P extends object>(name: string, C: ComponentType<P>): void {
  const root = document.getElementById(`island-${name}`);
  const propsEl = document.getElementById(`island-${name}-props`);
  if (!root) return;
  const props = propsEl?.textContent ? (JSON.parse(propsEl.textContent) as P) : ({} as P);
  hydrateRoot(root, <C {...props} />);
}
