/**
 * A value made on its first use and kept for the process's life: how an adapter loads a library
 * that most servers need seldom or never, rather than at start (docs/adr/0078).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}
