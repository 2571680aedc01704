import { useEffect } from 'react';

/** The tab title follows the console route (the server renders a generic one). */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} · Ask-Reg`;
  }, [title]);
}
