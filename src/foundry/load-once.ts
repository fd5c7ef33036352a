/**
 * Chunks loaded on first use: `loadOnce(() => import("./x.ts"))`
 * gives a function that loads the module once and hands every later caller
 * the same promise. A load that failed (network, a stale cache after an
 * update) is not kept: the next call tries again. `peek()` hands over a
 * loaded module without the microtask a resolved promise still costs.
 */

/** A chunk loader: call it to load (once); `peek()` gives the module without a wait once it has loaded. */
export interface LoadOnce<T> {
  (): Promise<T>;
  /** The module if it has loaded, else undefined: a caller that must not wait (planning and writing a hit in one go) reads it. */
  peek(): T | undefined;
}

/** A function that runs `load` on its first call and returns its promise to every call after, unless it rejected. */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let loading: Promise<T> | undefined;
  let loaded: { module: T } | undefined;
  const get = () => {
    loading ??= load().then(
      (module) => {
        loaded = { module };
        return module;
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  return Object.assign(get, { peek: () => loaded?.module });
}
