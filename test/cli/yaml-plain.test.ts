/**
 * The quick YAML reader (`src/cli/yaml-plain.ts`) gives the data that the
 * `yaml` package gives for the same text, or leaves the text to `yaml`: on the
 * repository's YAML files, on those files with characters and lines changed at
 * random, on every plain scalar form of the YAML 1.2 core schema, and on the
 * forms it must leave alone.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { LineCounter, parseAllDocuments } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { readPlainYaml } from "../../src/cli/yaml-plain.ts";
import { FUZZ_RUNS, FUZZING, SEED } from "../properties/fuzz.ts";
import { cli, ROOT } from "./run.ts";

/** What `yaml` reads, with the options `src/cli/locate.ts` uses; undefined when it finds an error. */
function viaYaml(text: string): unknown[] | undefined {
  const docs = parseAllDocuments(text, { prettyErrors: true, uniqueKeys: true, lineCounter: new LineCounter() });
  const list = Array.isArray(docs) ? docs : [];
  return list.some((doc) => doc.errors.length > 0) ? undefined : list.map((doc) => doc.toJS() as unknown);
}

/** The quick reader agrees with `yaml` on `text`: it reads nothing, or what `yaml` reads without an error. */
function agrees(text: string): boolean {
  const quick = readPlainYaml(text);
  return quick === undefined || isDeepStrictEqual(quick, viaYaml(text));
}

const files = execFileSync("git", ["ls-files", "*.yaml", "*.yml"], { cwd: ROOT, encoding: "utf8" }).trim().split("\n");
const corpus = files.map((file) => readFileSync(join(ROOT, file), "utf8"));
const runs = FUZZING ? FUZZ_RUNS : 1500;

describe("the quick YAML reader", () => {
  it("reads the repository's example scenarios and sample creatures as yaml does", () => {
    const read = corpus.filter((text) => readPlainYaml(text) !== undefined);
    expect(read.length).toBeGreaterThan(corpus.length / 2);
    for (const text of read) expect(readPlainYaml(text)).toEqual(viaYaml(text));
    expect(readPlainYaml(readFileSync(join(ROOT, "examples/default.yaml"), "utf8"))).toBeDefined();
  });

  it("agrees with yaml on those files with characters changed at random", () => {
    const bits = [" ", "\t", "\n", "\n  ", "\n- ", ":", ": ", "-", "#", "'", '"', "\\", "[", "]", "{", "}", ",", "|", ">", "|-", "0", ".", "e", "x", "~", "?", "%"];
    const edit = fc.tuple(fc.nat(), fc.constantFrom(...bits), fc.constantFrom("delete", "insert", "replace"));
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.array(edit, { minLength: 1, maxLength: 4 }), (text, edits) => {
        let s = text;
        for (const [pos, bit, how] of edits) {
          const i = pos % (s.length + 1);
          s = how === "delete" ? s.slice(0, i) + s.slice(i + 1) : how === "insert" ? s.slice(0, i) + bit + s.slice(i) : s.slice(0, i) + bit + s.slice(i + 1);
        }
        return agrees(s);
      }),
      { seed: SEED, numRuns: runs },
    );
  });

  it("agrees with yaml on those files with lines indented, dedented, dropped, repeated and swapped", () => {
    const edit = fc.tuple(fc.nat(), fc.integer({ min: -4, max: 4 }), fc.constantFrom("indent", "drop", "repeat", "swap"));
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.array(edit, { minLength: 1, maxLength: 3 }), (text, edits) => {
        const lines = text.split("\n");
        for (const [pos, by, how] of edits) {
          const i = pos % lines.length;
          const j = (i + 1) % lines.length;
          if (how === "indent") lines[i] = by >= 0 ? " ".repeat(by) + lines[i] : lines[i]!.replace(new RegExp(`^ {0,${-by}}`), "");
          else if (how === "drop") lines.splice(i, 1);
          else if (how === "repeat") lines.splice(i, 0, lines[i]!);
          else [lines[i], lines[j]] = [lines[j]!, lines[i]!];
        }
        return agrees(lines.join("\n"));
      }),
      { seed: SEED, numRuns: runs },
    );
  });

  it("resolves every plain scalar as the YAML 1.2 core schema of yaml does, as a value and as a key", () => {
    const scalars = ["0b101", "-0x1F", "+0o17", "0o17", "0x1f", "0X1F", "017", "1_000", "1e3", "1.5E-3", "+1.5e+3", ".5", "1.", "-.inf", "+.INF", "+.nan", ".NaN", ".nAn"];
    scalars.push("~", "null", "Null", "NULL", "nULL", "yes", "no", "on", "True", "TRUE", "tRue", "12345678901234567890", "-0", "+5", "0.0", "1:2", "2001-12-14", "0x", "0o", "<<", "=", "a#b");
    for (const a of scalars) {
      const text = `value: ${a}\n${a}: key\nlist: [${a}, 1]\nmap: { ${a}: x }\n`;
      expect(agrees(text), text).toBe(true);
      expect(readPlainYaml(`v: ${a}\n`), a).toBeDefined();
    }
  });

  it.each([
    ["a directive", "%YAML 1.1\n---\na: yes\n"],
    ["a tag", "a: !!str 5\n"],
    ["an anchor and an alias", "a: &x 1\nb: *x\n"],
    ["an explicit key", "? a\n: 1\n"],
    ["a list as a key", "[a]: 1\n"],
    ["a list as a key in a flow map", "a: { [b] }\n"],
    ["a flow map over two lines", "a: { b: 1,\n c: 2 }\n"],
    ["a quoted string over two lines", 'a: "b\n c"\n'],
    ["a comment against a quote", 'a: "b"#c\n'],
    ["an entry with nothing on its line", "a:\n  - 1\n  -\n- 2\n"],
    ["a null key", "~: 1\n"],
    ["a map on the document marker's line", "--- a: 1\n"],
    ["a key longer than 1024 characters", `${"k".repeat(1100)}: 1\n`],
    ["only a comment", "# nothing\n"],
    ["a duplicate key", "a: 1\na: 2\n"],
    ["broken YAML", "a: [1, 2\n"],
  ])("leaves %s to yaml", (_what, text) => {
    expect(readPlainYaml(text)).toBeUndefined();
  });
});

describe("resolve reads YAML the quick reader leaves alone with yaml", () => {
  const dir = mkdtempSync(join(tmpdir(), "damage-chain-yaml-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("an anchor shared by two defenders: the same result as written out", async () => {
    const events = "events:\n  - hit: { parts: [{ amount: 9 }] }\n";
    const shared = join(dir, "shared.yaml");
    writeFileSync(shared, `profile: revised-4e\ndefenders:\n  A: &d { resources: { hp: { value: 20 } } }\n  B: *d\n${events}`);
    const plain = join(dir, "plain.yaml");
    writeFileSync(plain, `profile: revised-4e\ndefenders:\n  A: { resources: { hp: { value: 20 } } }\n  B: { resources: { hp: { value: 20 } } }\n${events}`);
    const [a, b] = await Promise.all([cli("resolve", shared, "--json"), cli("resolve", plain, "--json")]);
    expect(a.code).toBe(0);
    expect(JSON.parse(a.stdout)).toEqual(JSON.parse(b.stdout));
  });

  it("an entry js-yaml would take into the list above is a syntax error with its line", async () => {
    const path = join(dir, "dedent.yaml");
    writeFileSync(path, "profile: revised-4e\ndefender:\n  resources: { hp: { value: 20 } }\nevents:\n  - hit: { parts: [{ amount: 1 }] }\n  -\n- hit: { parts: [{ amount: 2 }] }\n");
    const run = await cli("resolve", path);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${path}: invalid YAML`);
    expect(run.stderr).toMatch(/line \d+, column \d+/);
  });
});
