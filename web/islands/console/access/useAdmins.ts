import { useCallback, useEffect, useRef, useState } from 'react';
import { adminsApi, classify, type Failure } from './api';
import type { AdminItem } from './texts';

const SEARCH_DEBOUNCE_MS = 300;

/** The admin list: loaded on mount and again (debounced) whenever the search text changes. */
export function useAdmins(search: string, onFailure: (f: Failure) => void) {
  const [items, setItems] = useState<AdminItem[]>([]);
  const [loading, setLoading] = useState(true);
  const failureRef = useRef(onFailure);
  failureRef.current = onFailure;
  const ctrlRef = useRef<AbortController | null>(null);

  const load = useCallback(async (q: string) => {
    ctrlRef.current?.abort();
    const ctrl = new AbortController();
    ctrlRef.current = ctrl;
    setLoading(true);
    try {
      const list = await adminsApi.list(q, ctrl.signal);
      if (!ctrl.signal.aborted) setItems(Array.isArray(list) ? list : []);
    } catch (e) {
      if (ctrl.signal.aborted) return;
      setItems([]); // console.md §8: on a list failure the list is emptied
      failureRef.current(classify(e));
    } finally {
      if (!ctrl.signal.aborted) setLoading(false);
    }
  }, []);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      void load(search);
      return;
    }
    const timer = setTimeout(() => void load(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, load]);
  useEffect(() => () => ctrlRef.current?.abort(), []);

  /** Replaces one row with the server's answer, or drops it (revoked). */
  const replace = useCallback((email: string, next: AdminItem | null) => {
    setItems((list) => (next && next.role === 'admin' ? list.map((a) => (a.email === email ? next : a)) : list.filter((a) => a.email !== email)));
  }, []);

  return { items, loading, reload: () => load(search), replace };
}
