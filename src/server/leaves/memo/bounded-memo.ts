// The process's memos of what is read from the database: each a Map bounded by a count, the oldest entry
// forgotten first. Their keys are database ids, which mean something only in the database they came from, so
// every memo is registered here and `forgetAllMemos` clears them: a test runner that runs several test files
// (each with its own database) in one process calls it between files.

export type BoundedMemo<K, V> = {
  get(key: K): V | undefined;
  has(key: K): boolean;
  set(key: K, value: V): void;
};

const memos = new Set<Map<unknown, unknown>>();

export function boundedMemo<K, V>(max: number): BoundedMemo<K, V> {
  const entries = new Map<K, V>();
  memos.add(entries as Map<unknown, unknown>);
  return {
    get: (key) => entries.get(key),
    has: (key) => entries.has(key),
    set(key, value) {
      entries.delete(key);
      if (entries.size >= max) entries.delete(entries.keys().next().value as K);
      entries.set(key, value);
    },
  };
}

export function forgetAllMemos(): void {
  for (const entries of memos) entries.clear();
}
