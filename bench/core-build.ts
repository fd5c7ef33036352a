/**
 * The benchmark times the rules core as it ships: bundled by Vite (target
 * es2022, as `vite.config.ts` builds the module), not the TypeScript sources
 * run through tsx, whose transform wraps every closure in a `__name` helper
 * and would add its cost to every hit.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

export type Core = typeof import("../src/core/index.ts");

/**
 * Build `<root>/src/core/index.ts` (dependencies bundled, not minified) into
 * `outDir` and return the path of the built `core.js`. `root`: the working
 * tree by default, or a copy of another commit's `src/` (`baseline.bench.ts`);
 * its imports resolve from the project's `node_modules` (it must lie inside
 * the project). Throws Vite's error when the build fails.
 */
export async function buildCore(outDir: string, root = "."): Promise<string> {
  root = resolve(root);
  await build({
    configFile: false,
    logLevel: "warn",
    publicDir: false,
    root,
    build: { outDir, emptyOutDir: false, target: "es2022", minify: false, lib: { entry: join(root, "src/core/index.ts"), formats: ["es"], fileName: () => "core.js" } },
  });
  return join(outDir, "core.js");
}

/** Import a core built by {@link buildCore} from the path of its `core.js`. */
export async function importCore(path: string): Promise<Core> {
  return (await import(pathToFileURL(resolve(path)).href)) as Core;
}

/** {@link buildCore} into a temp dir, imported, the temp dir removed. */
export async function loadBuiltCore(root = "."): Promise<Core> {
  const outDir = mkdtempSync(join(tmpdir(), "damage-chain-bench-"));
  try {
    return await importCore(await buildCore(outDir, root));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
