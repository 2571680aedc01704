// One answer segments the same short question several times (retrieval query, search terms,
// confidence, follow-up detection). A small bounded memo of recent inputs makes the repeats free.

// A memoised function reads its input alone: what else a reading depends on (an admin's synonym groups)
// travels with the Question, not in a cache keyed by its text.

/** `fn` memoised for strings up to `maxKeyLength` chars, keeping the `max` most recent inputs. */
export function memoByString<T>(fn: (s: string) => T, max = 256, maxKeyLength = 1000): (s: string) => T {
  const cache = new Map<string, T>();
  return (s) => {
    if (s.length > maxKeyLength) return fn(s);
    const hit = cache.get(s);
    if (hit !== undefined) {
      // refresh: most recently used last, so eviction takes the oldest
      cache.delete(s);
      cache.set(s, hit);
      return hit;
    }
    const value = fn(s);
    if (cache.size >= max) cache.delete(cache.keys().next().value!);
    cache.set(s, value);
    return value;
  };
}
