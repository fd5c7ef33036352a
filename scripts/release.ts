/**
 * Packs dist/ into release/damage-chain.zip and copies module.json beside it,
 * the two files a Foundry manifest URL install needs. Checks first that every
 * file the manifest names, and every chunk its ES modules import, exists in dist/.
 */
import AdmZip from "adm-zip";
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dist = "dist";
const manifest = JSON.parse(readFileSync(join(dist, "module.json"), "utf8")) as {
  esmodules?: string[];
  styles?: string[];
  languages?: { path: string }[];
  packs?: { path: string }[];
};
const named = [...(manifest.esmodules ?? []), ...(manifest.styles ?? []), ...(manifest.languages ?? []).map((l) => l.path), ...(manifest.packs ?? []).map((p) => p.path)];
// Chunks the ES modules import (the Quench batches, the Defenses tab's body and the windows are loaded on
// demand from their own chunks). The minified bundle quotes them with " or `.
const chunks = (manifest.esmodules ?? []).flatMap((f) => [...readFileSync(join(dist, f), "utf8").matchAll(/(?:from|import\()\s*["`]\.\/([^"`]+\.js)["`]/g)].map((m) => m[1]!));
const missing = [...named, ...chunks].filter((f) => !existsSync(join(dist, f)));
if (missing.length > 0) {
  console.error(`release: module.json names (or its ES modules import) files that are not in dist/: ${missing.join(", ")}`);
  process.exit(1);
}
mkdirSync("release", { recursive: true });
const zip = new AdmZip();
zip.addLocalFolder(dist);
zip.writeZip(join("release", "damage-chain.zip"));
copyFileSync(join(dist, "module.json"), join("release", "module.json"));
console.log(`release: wrote release/damage-chain.zip (${named.length} manifest files and ${chunks.length} chunks checked) and release/module.json`);
