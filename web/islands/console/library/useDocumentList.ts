import { useCallback, useEffect, useRef, useState } from 'react';
import { listDocuments, type DocumentItem, type ListQuery } from '../api';

export const PAGE_SIZE = 5;
const SEARCH_DEBOUNCE_MS = 300;

/**
 * Cursor pagination (console.md §9): the cursor of page N fetches page N+1, and the cursor of every
 * visited page is kept so "previous" is one request. Any filter change starts again at page 1.
 */
export function useDocumentList(filters: Omit<ListQuery, 'search'>, searchText: string) {
  const [search, setSearch] = useState(searchText);
  useEffect(() => {
    const t = setTimeout(() => setSearch(searchText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [searchText]);

  const key = `${filters.status}|${filters.type}|${filters.category}|${search}`;
  // The page index belongs to one query: a new query reads as page 1 with fresh cursors.
  const [pos, setPos] = useState({ key, index: 0 });
  const pageIndex = pos.key === key ? pos.index : 0;
  const cursors = useRef<{ key: string; list: Array<string | null> }>({ key, list: [null] });
  if (cursors.current.key !== key) cursors.current = { key, list: [null] }; // idempotent
  const [items, setItems] = useState<DocumentItem[]>([]);
  const [meta, setMeta] = useState({ hasNext: false, totalPages: 1, total: 0 });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const ctrl = new AbortController();
    setLoading(true);
    setError(null);
    listDocuments({ ...filters, search }, cursors.current.list[pageIndex] ?? null, PAGE_SIZE, ctrl.signal)
      .then((page) => {
        setItems(page.items);
        setMeta({ hasNext: page.hasNext, totalPages: page.totalPages, total: page.total });
        cursors.current.list[pageIndex + 1] = page.hasNext ? page.nextCursor : null;
        setLoading(false);
      })
      .catch((e: Error & { isAborted?: boolean }) => {
        if (ctrl.signal.aborted) return;
        setError(e.message);
        setLoading(false);
      });
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the filters
  }, [key, pageIndex, reload]);

  return {
    items,
    setItems,
    loading,
    error,
    search,
    pageIndex,
    page: pageIndex + 1,
    totalPages: Math.max(meta.totalPages, pageIndex + 1),
    total: meta.total,
    hasPrev: pageIndex > 0,
    hasNext: meta.hasNext && !!cursors.current.list[pageIndex + 1],
    next: () => setPos({ key, index: pageIndex + 1 }),
    prev: () => setPos({ key, index: Math.max(0, pageIndex - 1) }),
    retry: useCallback(() => setReload((n) => n + 1), []),
    /** after a delete: back to page 1 with fresh cursors */
    refreshToFirst: () => {
      cursors.current = { key, list: [null] };
      setPos({ key, index: 0 });
      setReload((n) => n + 1);
    },
  };
}
