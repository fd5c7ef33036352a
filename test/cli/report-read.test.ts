/**
 * The report's YAML reading: the top-level `items` and
 * `effects` are cut before parsing, and what is left parses to the same
 * document without them, whatever the strings hold; where the cut cannot
 * parse, the whole file is read.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { dump, load } from "js-yaml";
import { stringify } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { readDocFile, withoutEmbedded } from "../../src/cli/report/read.ts";

const dir = mkdtempSync(join(tmpdir(), "damage-chain-read-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const omit = (doc: Record<string, unknown>) => Object.fromEntries(Object.entries(doc).filter(([k]) => k !== "items" && k !== "effects"));

/** Strings that look like YAML structure: newlines, entries, comments, document markers, keys at the start of a line. */
const tricky = fc.oneof(fc.string(), fc.constantFrom("\n- a", "a\n---\nb", "# x", "\nsystem: 1", "items:", "effects: []", "  \n\n", "'\"", "__proto__", "constructor"), fc.array(fc.constantFrom("\n", "- ", "#", "---", "items:", ": ", "x", " "), { maxLength: 8 }).map((a) => a.join("")));
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: "small" }, tricky, fc.integer(), fc.boolean(), fc.constant(null), fc.array(tie("node"), { maxLength: 3 }), fc.dictionary(fc.oneof(tricky, fc.constantFrom("items", "effects", "__proto__", "prototype")), tie("node"), { maxKeys: 3 })),
})).node;
const actor = fc.record({ _key: fc.constant("!actors!Abc"), name: tricky, system: value, items: fc.array(value, { maxLength: 3 }), effects: value, flags: value, sort: fc.integer() }, { requiredKeys: ["_key", "system"] });

describe("withoutEmbedded", () => {
  it("what is left parses to the document without items and effects, as js-yaml and the yaml package write it", () => {
    fc.assert(
      fc.property(actor, fc.boolean(), (doc, noArrayIndent) => {
        // Against the same writer's text without them: the cut must change nothing else js-yaml reads.
        expect(load(withoutEmbedded(dump(doc, { noArrayIndent })))).toEqual(load(dump(omit(doc), { noArrayIndent })));
        expect(load(withoutEmbedded(stringify(doc)))).toEqual(load(stringify(omit(doc))));
      }),
      { numRuns: 300 },
    );
  });

  it("a cut that cannot parse (an alias into the items) falls back to the whole file", () => {
    const file = join(dir, "alias.yml");
    writeFileSync(file, "_key: '!actors!Abc'\nitems:\n  - &kept\n    value: [fire]\nsystem:\n  traits:\n    dr: *kept\n");
    const read = readDocFile(file);
    expect(read.problem).toBeUndefined();
    expect(read.actors[0]!.doc).toMatchObject({ system: { traits: { dr: { value: ["fire"] } } } });
  });
});
