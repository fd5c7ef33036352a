/**
 * Hints for a scenario file's problems: where in the file a bad
 * field stands (line and column, from the YAML or JSON parser's node
 * positions) and, for an unknown field or profile id, the closest known one
 * ("Did you mean “resistances”?"). The known fields come from the scenario's
 * JSON Schema (`scenarioJsonSchema`, generated from the same zod schema), so
 * a hint never names a field the format does not have.
 */
import { closest, distance } from "fastest-levenshtein";
import { findNodeAtLocation, type Node as JsonNode } from "jsonc-parser";
import { isMap, isNode, isScalar, type Document } from "yaml";
import { VALIDATION_KEYS, say } from "../core/messages.ts";
import { BUILT_IN_PROFILES } from "../core/profiles.ts";
import { scenarioJsonSchema } from "../core/scenario.ts";

type Schema = Record<string, unknown>;
type Segment = string | number;

let rootSchema: Schema | undefined;

/** The schema nodes `node` stands for: itself, its `$ref` target, and every branch of anyOf/oneOf/allOf. */
function expand(node: unknown, out: Schema[] = [], depth = 0): Schema[] {
  if (typeof node !== "object" || node === null || depth > 20) return out;
  const s = node as Schema;
  if (typeof s.$ref === "string") {
    const name = s.$ref.replace(/^#\/(\$defs|definitions)\//, "");
    const defs = (rootSchema!.$defs ?? rootSchema!.definitions ?? {}) as Record<string, unknown>;
    expand(defs[name], out, depth + 1);
  }
  out.push(s);
  for (const key of ["anyOf", "oneOf", "allOf"]) for (const branch of (s[key] as unknown[] | undefined) ?? []) expand(branch, out, depth + 1);
  return out;
}

/** The property names the format allows at `path` (object fields only; empty when unknown). */
export function knownFields(path: readonly Segment[]): string[] {
  rootSchema ??= scenarioJsonSchema();
  let nodes = expand(rootSchema);
  for (const seg of path) {
    const next: Schema[] = [];
    for (const n of nodes) {
      if (typeof seg === "number") expand(n.items, next);
      else {
        const props = n.properties as Record<string, unknown> | undefined;
        if (props?.[seg] !== undefined) expand(props[seg], next);
        else if (typeof n.additionalProperties === "object") expand(n.additionalProperties, next);
      }
    }
    nodes = next;
  }
  return [...new Set(nodes.flatMap((n) => Object.keys((n.properties as Record<string, unknown> | undefined) ?? {})))];
}

/** The candidate closest to `word`, if it is close enough to be a slip (at most a third of its letters, at least 2). */
export function closeMatch(word: string, candidates: readonly string[]): string | undefined {
  if (candidates.length === 0) return undefined;
  const best = closest(word, [...candidates]);
  return distance(word.toLowerCase(), best.toLowerCase()) <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

/**
 * "Did you mean …?" for one problem at `path`, or undefined: an unknown field
 * gets the closest field of the object it stands in, a `profile` that is an
 * unknown id the closest built-in id.
 */
export function didYouMean(path: readonly Segment[], value: unknown): string | undefined {
  const last = path.at(-1);
  let match: string | undefined;
  if (path.length === 1 && last === "profile" && typeof value === "string") match = closeMatch(value, BUILT_IN_PROFILES.map((p) => p.id));
  else if (typeof last === "string") {
    const known = knownFields(path.slice(0, -1));
    if (!known.includes(last)) match = closeMatch(last, known);
  }
  return match === undefined ? undefined : say(VALIDATION_KEYS.didYouMean, { field: match });
}

/** Where the node at `path` starts in a YAML document (for an object key: the key itself), as a character offset. */
export function yamlOffset(doc: Document, path: readonly Segment[]): number | undefined {
  if (path.length === 0) return undefined;
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  const last = path.at(-1)!;
  if (isMap(parent)) {
    const pair = parent.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === last);
    const node = pair?.key;
    if (isNode(node) && node.range) return node.range[0];
  }
  const node = doc.getIn(path, true);
  return isNode(node) && node.range ? node.range[0] : undefined;
}

/** Where the node at `path` starts in JSON text (for an object key: the key), as a character offset. */
export function jsonOffset(tree: JsonNode | undefined, path: readonly Segment[]): number | undefined {
  if (tree === undefined || path.length === 0) return undefined;
  const node = findNodeAtLocation(tree, [...path]);
  if (node !== undefined) return node.parent?.type === "property" ? node.parent.offset : node.offset;
  const parent = findNodeAtLocation(tree, [...path.slice(0, -1)]);
  const prop = parent?.children?.find((c) => c.type === "property" && c.children?.[0]?.value === path.at(-1));
  return prop?.offset;
}

/** The path segments of a problem path as `formatPath` writes it (`defender.defenses.resistances[0].limit`). */
export function pathSegments(path: string): Segment[] {
  return [...path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map((m) => (m[1] !== undefined ? Number(m[1]) : m[2]!));
}

/** `line L, column C` (from 1), in the reader's language. */
export function lineColumnText(line: number, column: number): string {
  return say(VALIDATION_KEYS.at, { line, column });
}

/** Line and column (from 1) of character `offset` in `text`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}
