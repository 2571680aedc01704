import { useCallback, useEffect, useState } from 'react';
import { listCategories, type Category } from '../api';

/** The category list of the document forms; a failed load leaves it empty with the error to show. */
export function useCategories() {
  const [categories, setCategories] = useState<Category[]>([]);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    setError(null);
    listCategories().then(setCategories, (e: Error) => setError(e.message));
  }, []);
  useEffect(reload, [reload]);
  return { categories, error, reload };
}
