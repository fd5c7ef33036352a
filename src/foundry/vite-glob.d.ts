/**
 * Vite's `import.meta.glob` (https://vite.dev/guide/features#glob-import), as
 * `systems/index.ts` uses it: lazy loaders of the matched modules by path.
 * Declared here rather than through `vite/client`, whose other globals the
 * adapter does not use.
 */
interface ImportMeta {
  glob<T>(pattern: string): Record<string, () => Promise<T>>;
}
