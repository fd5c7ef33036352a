/**
 * Chunks loaded on first use: `loadOnce(() => import("./x.ts"))`
 * gives a function that loads the module once and hands every later caller
 * the same promise. A load that failed (network, a stale cache after an
 * update) is not kept: the next call tries again.
 */

/** A function that runs `load` on its first call and returns its promise to every call after, unless it rejected. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}
