#!/usr/bin/env node
// The damage-chain command: runs the prebuilt bundle of src/cli (bin/dist/cli.js,
// built by `npm run build:cli`, which `npm ci` runs through `prepare`).
import { existsSync } from "node:fs";
import process from "node:process";
import { URL } from "node:url";

const bundle = new URL("./dist/cli.js", import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write("damage-chain: the command is not built yet. Run `npm run build:cli` (npm ci does it) in the damage-chain folder.\n");
  process.exit(3);
}
await import(bundle.href);
