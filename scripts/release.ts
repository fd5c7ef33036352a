/**
 * Packs dist/ into release/damage-chain.zip and copies module.json beside it,
 * the two files a Foundry manifest URL install needs. First copies the files
 * the manifest names from the repository (`license`, `readme`, local `media`
 * urls) into dist/ when the build did not, then checks that every file the
 * manifest names (ES modules, styles, languages, packs, license, readme,
 * local media) and every chunk its ES modules import exists in dist/.
 * Source maps (`*.map`) stay out of the zip.
 */
import AdmZip from "adm-zip";
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const dist = "dist";
const manifest = JSON.parse(readFileSync(join(dist, "module.json"), "utf8")) as {
  esmodules?: string[];
  styles?: string[];
  languages?: { path: string }[];
  packs?: { path: string }[];
  license?: string;
  readme?: string;
  media?: { url: string }[];
};
/** Files the manifest names by a path inside the module (not a URL). */
const local = (f: string | undefined): f is string => f !== undefined && !/^[a-z]+:/i.test(f);
const extras = [manifest.license, manifest.readme, ...(manifest.media ?? []).map((m) => m.url)].filter(local);
for (const f of extras) {
  if (existsSync(join(dist, f)) || !existsSync(f)) continue;
  mkdirSync(dirname(join(dist, f)), { recursive: true });
  copyFileSync(f, join(dist, f));
}
const named = [...(manifest.esmodules ?? []), ...(manifest.styles ?? []), ...(manifest.languages ?? []).map((l) => l.path), ...(manifest.packs ?? []).map((p) => p.path), ...extras];
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
zip.addLocalFolder(dist, "", (name) => !name.endsWith(".map"));
zip.writeZip(join("release", "damage-chain.zip"));
copyFileSync(join(dist, "module.json"), join("release", "module.json"));
console.log(`release: wrote release/damage-chain.zip (${named.length} manifest files and ${chunks.length} chunks checked) and release/module.json`);
