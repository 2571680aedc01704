import { useCallback, useEffect, useState } from 'react';
import { getDocument, type DocumentDetail } from '../api';

/** Loads one document for the view and edit pages; `missing` when the server has nothing to show. */
export function useDocument(id: string | undefined) {
  const [doc, setDoc] = useState<DocumentDetail | null>(null);
  const [loading, setLoading] = useState(!!id);
  const [error, setError] = useState<string | null>(null);
  const [n, setN] = useState(0);
  useEffect(() => {
    if (!id) return;
    const ctrl = new AbortController();
    setLoading(true);
    setError(null);
    getDocument(id, ctrl.signal)
      .then((d) => {
        setDoc(d && typeof d === 'object' && 'fileId' in d ? d : null);
        setLoading(false);
      })
      .catch((e: Error & { status?: number }) => {
        if (ctrl.signal.aborted) return;
        // a 404 is "no data", not a load failure (console.md §8 keeps the two texts apart)
        if (e.status === 404) setDoc(null);
        else setError(e.message);
        setLoading(false);
      });
    return () => ctrl.abort();
  }, [id, n]);
  return { doc, loading, error, reload: useCallback(() => setN((x) => x + 1), []) };
}
