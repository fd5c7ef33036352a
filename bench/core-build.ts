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

type Core = typeof import("../src/core/index.ts");

/**
 * Build `<root>/src/core/index.ts` (dependencies bundled, not minified) into a
 * temp dir and import it. `root`: the working tree by default, or a copy of
 * another commit's `src/` (`baseline.bench.ts`); its imports resolve from the
 * project's `node_modules` (it must lie inside the project).
 */
export async function loadBuiltCore(root = "."): Promise<Core> {
  root = resolve(root);
  const outDir = mkdtempSync(join(tmpdir(), "damage-chain-bench-"));
  try {
    await build({
      configFile: false,
      logLevel: "warn",
      publicDir: false,
      root,
      build: { outDir, emptyOutDir: false, target: "es2022", minify: false, lib: { entry: join(root, "src/core/index.ts"), formats: ["es"], fileName: () => "core.js" } },
    });
    return (await import(pathToFileURL(join(outDir, "core.js")).href)) as Core;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
