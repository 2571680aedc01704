// One answer segments the same short question several times (retrieval query, search terms,
// confidence, follow-up detection). A small bounded memo of recent inputs makes the repeats free.

// A memoised function reads its input alone: what else a reading depends on (an admin's synonym groups)
// travels with the Question, not in a cache keyed by its text.

/**
 * `fn` memoised for strings up to `maxKeyLength` chars, keeping about the `max` most recently used inputs. An input
 * used again is marked, not moved: moving it (a delete and a set) cost six times a plain look-up, and the passages'
 * caches are looked up thousands of times a question (gram-set.ts). When the memo is full the oldest input goes,
 * unless it was used since it was last passed over: then it is unmarked and kept as if new (a second chance).
 */
export function memoByString<T>(fn: (s: string) => T, max = 256, maxKeyLength = 1000): (s: string) => T {
  const cache = new Map<string, { value: T; used: boolean }>();
  return (s) => {
    if (s.length > maxKeyLength) return fn(s);
    const hit = cache.get(s);
    if (hit !== undefined) {
      hit.used = true;
      return hit.value;
    }
    const value = fn(s);
    while (cache.size > 0 && cache.size >= max) {
      const [oldest, entry] = cache.entries().next().value!;
      cache.delete(oldest);
      if (!entry.used) break;
      entry.used = false;
      cache.set(oldest, entry);
    }
    cache.set(s, { value, used: false });
    return value;
  };
}
