/**
 * Vitest global setup: build the `damage-chain` command (vite.cli.config.ts →
 * bin/dist/cli.cjs) once before the tests, so the CLI tests, which run the real
 * `node bin/damage-chain.js`, always run the current sources, never a stale bundle.
 */
import { fileURLToPath } from "node:url";
import { build } from "vite";

export default async function buildCli(): Promise<void> {
  await build({ configFile: fileURLToPath(new URL("../vite.cli.config.ts", import.meta.url)), logLevel: "warn" });
}
