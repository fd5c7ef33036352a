#!/usr/bin/env node
// The damage-chain command: runs the prebuilt bundle of src/cli (bin/dist/cli.cjs,
// built by `npm run build:cli`, which `npm ci` runs through `prepare`), compiled
// with a V8 code cache (code-cache.js) so that every start after the first
// skips parsing and compiling it.
import { existsSync } from "node:fs";
import process from "node:process";
import { URL, fileURLToPath } from "node:url";
import { cacheDir, requireWithCodeCache } from "./code-cache.js";

const bundle = fileURLToPath(new URL("./dist/cli.cjs", import.meta.url));
if (!existsSync(bundle)) {
  process.stderr.write("damage-chain: the command is not built yet. Run `npm run build:cli` (npm ci does it) in the damage-chain folder.\n");
  process.exit(3);
}
requireWithCodeCache(bundle, cacheDir(fileURLToPath(new URL("..", import.meta.url))));
