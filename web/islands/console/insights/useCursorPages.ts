import { useCallback, useEffect, useRef, useState } from 'react';

interface CursorPage<T> {
  data: T[];
  hasNext: boolean;
  nextCursor: string | null;
  total: number;
}

/**
 * Cursor pages like the library's (useDocumentList): the cursor of page N fetches page N+1, every visited
 * page's cursor is kept so "previous" is one request, and a new `key` (filter, search) starts at page 1.
 */
export function useCursorPages<T>(key: string, load: (cursor: string | null, signal: AbortSignal) => Promise<CursorPage<T>>) {
  const [pos, setPos] = useState({ key, index: 0 });
  const index = pos.key === key ? pos.index : 0;
  const cursors = useRef<{ key: string; list: Array<string | null> }>({ key, list: [null] });
  if (cursors.current.key !== key) cursors.current = { key, list: [null] };
  const [items, setItems] = useState<T[]>([]);
  const [meta, setMeta] = useState({ hasNext: false, total: 0 });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for what `load` reads; load itself is read through a ref
  useEffect(() => {
    const ctrl = new AbortController();
    setLoading(true);
    setError(null);
    loadRef
      .current(cursors.current.list[index] ?? null, ctrl.signal)
      .then((page) => {
        setItems(page.data);
        setMeta({ hasNext: page.hasNext, total: page.total });
        cursors.current.list[index + 1] = page.hasNext ? page.nextCursor : null;
        setLoading(false);
      })
      .catch((e: Error) => {
        if (ctrl.signal.aborted) return;
        setError(e.message);
        setLoading(false);
      });
    return () => ctrl.abort();
  }, [key, index, reload]);

  return {
    items,
    loading,
    error,
    page: index + 1,
    total: meta.total,
    hasPrev: index > 0,
    hasNext: meta.hasNext && !!cursors.current.list[index + 1],
    next: () => setPos({ key, index: index + 1 }),
    prev: () => setPos({ key, index: Math.max(0, index - 1) }),
    retry: useCallback(() => setReload((n) => n + 1), []),
  };
}
