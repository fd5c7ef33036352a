/**
 * What the browser tests load into their pages, built once per run by
 * `./global-setup.ts`: the harness page bundled with Vite and the module's
 * stylesheet compiled with Sass.
 */
import { join } from "node:path";
import * as sass from "sass";
import { build } from "vite";

const ROOT = join(import.meta.dirname, "..", "..");

/** The harness page bundled as one classic script. */
export async function bundleHarness(): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: "silent",
    root: ROOT,
    build: {
      write: false,
      minify: true,
      target: "es2022",
      lib: { entry: join(ROOT, "test/browser/harness/page.ts"), formats: ["iife"], name: "DamageChainHarness", fileName: () => "harness.js" },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as { output: { type: string; code?: string }[] }[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === "chunk");
  if (!chunk?.code) throw new Error("harness bundle produced no code");
  return chunk.code;
}

/** The module's stylesheet, compiled from SCSS as the build does. */
export function compileCss(): string {
  return sass.compile(join(ROOT, "styles/damage-chain.scss")).css;
}
