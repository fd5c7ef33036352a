/**
 * Reads the actor documents `damage-chain report` looks at:
 * - a folder tree of Foundry document files in YAML or JSON (a system's
 *   `packs/_source`, or what `fvtt package unpack` writes);
 * - a LevelDB compendium folder (it has a `CURRENT` file), through
 *   `@foundryvtt/foundryvtt-cli`'s `extractPack`, kept in memory;
 * - a world's exported actor JSON (one actor, an array of actors, or an
 *   object with an `actors` array).
 * A document counts as an actor when it has `system` data and, if it has a
 * compendium `_key`, that key is an actor's (`!actors!…`). Folders, items and
 * other documents are skipped.
 *
 * YAML is read with js-yaml's `load` (default schema), the parser and the
 * options `@foundryvtt/foundryvtt-cli` 3.0.3 reads `packs/_source` with
 * (`lib/package.mjs`, `YAML.load(contents)`), so a tree reads as the packs it
 * compiles to; the top-level `items` and `effects` (embedded documents, most
 * of a creature file, read by no importer) are cut before parsing. It is about 15× faster than the `yaml` package's `parse` on
 * dnd5e's SRD monsters (4.8 s → under 1 s for 331 creatures).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { load as loadYaml } from "js-yaml";

/** One actor document read from disk, with the file (or pack) it came from. */
export interface ReadActor {
  file: string;
  doc: Record<string, unknown>;
}

/** A file or folder that could not be read, and why. */
export interface ReadProblem {
  file: string;
  message: string;
}

const DOC_EXT = new Set([".json", ".yml", ".yaml"]);

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function isActor(v: unknown): v is Record<string, unknown> {
  if (!isObj(v) || !isObj(v.system)) return false;
  return typeof v._key !== "string" || v._key.startsWith("!actors!");
}

/** The actors in one parsed file: the document itself, an array of them, or a world export's `actors`. */
export function actorsIn(data: unknown): Record<string, unknown>[] {
  if (Array.isArray(data)) return data.filter(isActor);
  if (isActor(data)) return [data];
  if (isObj(data) && Array.isArray(data.actors)) return data.actors.filter(isActor);
  return [];
}

const isLevelDb = (dir: string) => existsSync(join(dir, "CURRENT")) && readdirSync(dir).some((f) => f.startsWith("MANIFEST-"));

/** Every document file under `dir`, sorted, depth first; LevelDB folders inside are listed as packs. */
function walk(dir: string, files: string[], packs: string[]): void {
  if (isLevelDb(dir)) {
    packs.push(dir);
    return;
  }
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith(".") || name === "node_modules") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, files, packs);
    else if (DOC_EXT.has(extname(name).toLowerCase())) files.push(path);
  }
}

/** The actors of a LevelDB pack, read through the Foundry CLI without writing any file. */
async function readPack(dir: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  // Loaded only when a pack is read: it pulls in LevelDB, which every other command would pay for at start-up.
  const { extractPack } = await import("@foundryvtt/foundryvtt-cli");
  const scratch = mkdtempSync(join(tmpdir(), "damage-chain-pack-"));
  try {
    await extractPack(dir, scratch, {
      log: false,
      transformEntry: (entry, context) => {
        if (context.documentType === "Actor" && isActor(entry)) out.push(entry);
        return false; // collected in memory; nothing is written
      },
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return out;
}

/** The paths to read: files first (sorted within each folder), then packs. Missing paths are problems. */
export function listInputs(paths: readonly string[]): { files: string[]; packs: string[]; problems: ReadProblem[] } {
  const files: string[] = [];
  const packs: string[] = [];
  const problems: ReadProblem[] = [];
  for (const p of paths) {
    if (!existsSync(p)) problems.push({ file: p, message: "no such file or folder" });
    else if (statSync(p).isDirectory()) walk(p, files, packs);
    else files.push(p);
  }
  return { files, packs, problems };
}

/**
 * The top-level compendium key of a YAML document (`_key: '!folders!…'` at
 * the start of a line, as the Foundry CLI writes it), read without parsing;
 * undefined when there is none. Embedded documents' keys are indented.
 */
const TOP_KEY = /^_key:[ \t]*['"]?(![^'"\s]*)/m;

/** A top-level `items:` or `effects:` key: the embedded documents, which the report does not read. */
const EMBEDDED = /^(?:items|effects):/gm;
/** The start of the next top-level line: a key, a document marker, anything not indented, not a comment, not a `- ` entry. */
const NEXT_TOP = /\n(?=---|[^\s#-])/g;

/**
 * `text` without its top-level `items:` and `effects:` blocks (up to the next
 * top-level key), so the parser skips what is most of a creature file's
 * bytes. In a block mapping everything belonging to a key is indented or a
 * `- ` entry, so the cut ends where the key's value ends; should a file be
 * written otherwise, the cut text fails to parse and the caller parses the
 * whole file.
 */
export function withoutEmbedded(text: string): string {
  let out = "";
  let from = 0;
  EMBEDDED.lastIndex = 0;
  for (let m = EMBEDDED.exec(text); m !== null; m = EMBEDDED.exec(text)) {
    out += text.slice(from, m.index);
    NEXT_TOP.lastIndex = m.index;
    const next = NEXT_TOP.exec(text);
    from = next === null ? text.length : next.index + 1;
    EMBEDDED.lastIndex = from;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** A YAML document, read without its embedded documents when that parses, else whole (js-yaml's errors then name the real line). */
function loadActorYaml(text: string): unknown {
  const cut = withoutEmbedded(text);
  if (cut !== text) {
    try {
      return loadYaml(cut);
    } catch {
      // Fall through: parse the whole file, for its own error message or its data.
    }
  }
  return loadYaml(text);
}

/** Parse one document file; a file that is not JSON or YAML is a problem, never a crash. */
export function readDocFile(file: string): { actors: ReadActor[]; problem?: ReadProblem } {
  try {
    const text = readFileSync(file, "utf8");
    const json = extname(file).toLowerCase() === ".json";
    // A folder, item or journal of a YAML tree is skipped before parsing: `isActor` would refuse it anyway.
    const key = json ? undefined : TOP_KEY.exec(text)?.[1];
    if (key !== undefined && !key.startsWith("!actors!")) return { actors: [] };
    const data: unknown = json ? JSON.parse(text) : loadActorYaml(text);
    return { actors: actorsIn(data).map((doc) => ({ file, doc })) };
  } catch (error) {
    return { actors: [], problem: { file, message: error instanceof Error ? error.message.split("\n")[0]! : String(error) } };
  }
}

/**
 * Read every actor under `paths`. `onFile(done, total)` is called after each
 * file or pack (for a progress bar). Never throws for bad input: unreadable
 * files and packs are returned as problems.
 */
export async function readActors(paths: readonly string[], onFile?: (done: number, total: number) => void): Promise<{ actors: ReadActor[]; problems: ReadProblem[] }> {
  const { files, packs, problems } = listInputs(paths);
  const actors: ReadActor[] = [];
  const total = files.length + packs.length;
  let done = 0;
  for (const file of files) {
    const r = readDocFile(file);
    actors.push(...r.actors);
    if (r.problem !== undefined) problems.push(r.problem);
    onFile?.(++done, total);
  }
  for (const pack of packs) {
    try {
      for (const doc of await readPack(pack)) actors.push({ file: pack, doc });
    } catch (error) {
      problems.push({ file: pack, message: error instanceof Error ? error.message : String(error) });
    }
    onFile?.(++done, total);
  }
  return { actors, problems };
}
