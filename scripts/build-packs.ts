/**
 * Builds the compendium packs declared in module.json from their YAML
 * sources (`packs-src/<name>/*.yml`) into LevelDB packs (`dist/packs/<name>`)
 * with `@foundryvtt/foundryvtt-cli`'s `compilePack`. Before packing, every
 * source is checked: a 16-character `_id`, a `_key` that matches the pack's
 * document type, and, for actors, Damage Chain flags that pass the same
 * schema the module reads them with (`src/core/stored.ts`). Exits 1 naming
 * the file and field on the first bad source.
 */
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { readStored } from "../src/core/stored.ts";
import { describeProblems } from "../src/core/validate.ts";

interface PackDecl {
  name: string;
  type: string;
  path: string;
}

/** The LevelDB sublevel of each document type a pack here may hold. */
const COLLECTIONS: Record<string, string> = { Actor: "actors", Macro: "macros" };

/** Problems with one YAML source of a pack of `type` (empty = fine). */
export function checkSource(doc: Record<string, unknown>, type: string): string[] {
  const problems: string[] = [];
  const id = doc._id;
  if (typeof id !== "string" || !/^[A-Za-z0-9]{16}$/.test(id)) problems.push(`_id: must be 16 letters or digits (got ${JSON.stringify(id)})`);
  const collection = COLLECTIONS[type];
  if (collection === undefined) problems.push(`type: packs of ${type} are not supported here`);
  else if (doc._key !== `!${collection}!${String(id)}`) problems.push(`_key: must be "!${collection}!${String(id)}" (got ${JSON.stringify(doc._key)})`);
  if (typeof doc.name !== "string" || doc.name === "") problems.push("name: required");
  if (type === "Actor") {
    const flags = (doc.flags as Record<string, unknown> | undefined)?.["damage-chain"];
    const read = readStored(flags);
    if (!read.ok) problems.push(describeProblems(read.problems));
  }
  return problems;
}

/** Check and compile every pack of `manifest` from `srcRoot` into `outRoot`. Returns the number of documents packed. */
export async function buildPacks(manifestPath: string, srcRoot: string, outRoot: string): Promise<number> {
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { packs?: PackDecl[] };
  let count = 0;
  for (const pack of manifest.packs ?? []) {
    const src = join(srcRoot, pack.name);
    if (!existsSync(src)) throw new Error(`packs-src/${pack.name}: no sources for the pack "${pack.name}" that module.json declares`);
    const files = readdirSync(src).filter((f) => f.endsWith(".yml")).sort();
    for (const file of files) {
      const problems = checkSource(parse(readFileSync(join(src, file), "utf8")) as Record<string, unknown>, pack.type);
      if (problems.length > 0) throw new Error(`packs-src/${pack.name}/${file}:\n${problems.join("\n")}`);
    }
    const dest = join(outRoot, pack.path);
    rmSync(dest, { recursive: true, force: true });
    await compilePack(src, dest, { yaml: true });
    count += files.length;
  }
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const n = await buildPacks("module.json", "packs-src", "dist");
    console.log(`build-packs: packed ${n} documents into dist/packs/`);
  } catch (err) {
    console.error(`build-packs: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
