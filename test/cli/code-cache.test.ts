/**
 * The CLI's V8 code cache (bin/code-cache.js): written after the first run,
 * keyed by the bundle's SHA-256 and the Node version, and never a reason for
 * other output: a damaged cache, a cache of other text and a folder that
 * cannot be written all give the same output as no cache.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "./run.ts";

const dir = mkdtempSync(join(tmpdir(), "damage-chain-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ARGS = ["resolve", "examples/default.yaml", "--json"];
const CACHE = `cli-${process.version}-${process.arch}.v8cache`;

/** Run the command with `env` added; its exit code, output and error output. */
function run(env: Record<string, string>, args = ARGS): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["bin/damage-chain.js", ...args], { cwd: ROOT, env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: "", ...env }, encoding: "utf8" }, (error, stdout, stderr) => {
      if (error && typeof error.code !== "number") return reject(error);
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

let expected = "";
let digest: Buffer;
beforeAll(async () => {
  const plain = await run({ NODE_DISABLE_COMPILE_CACHE: "1", DAMAGE_CHAIN_CACHE_DIR: join(dir, "off") });
  expect(plain.code, plain.stderr).toBe(0);
  expected = plain.stdout;
  digest = createHash("sha256").update(readFileSync(join(ROOT, "bin/dist/cli.cjs"), "utf8")).digest();
});

describe("the code cache", () => {
  it("is written on the first run, starts with the bundle's SHA-256, and is used by the next (same output)", async () => {
    const cache = join(dir, "fresh");
    const first = await run({ DAMAGE_CHAIN_CACHE_DIR: cache });
    expect(first).toEqual({ code: 0, stdout: expected, stderr: "" });
    const data = readFileSync(join(cache, CACHE));
    expect(data.subarray(0, 32).equals(digest)).toBe(true);
    expect(data.length).toBeGreaterThan(10_000);
    const second = await run({ DAMAGE_CHAIN_CACHE_DIR: cache });
    expect(second).toEqual({ code: 0, stdout: expected, stderr: "" });
    expect(readFileSync(join(cache, CACHE)).equals(data)).toBe(true);
    expect(readdirSync(cache).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("ignores and replaces a damaged cache of the same bundle", async () => {
    const cache = join(dir, "damaged");
    mkdirSync(cache);
    writeFileSync(join(cache, CACHE), Buffer.concat([digest, Buffer.alloc(50_000, 7)]));
    expect(await run({ DAMAGE_CHAIN_CACHE_DIR: cache })).toEqual({ code: 0, stdout: expected, stderr: "" });
    const data = readFileSync(join(cache, CACHE));
    expect(data.subarray(32).equals(Buffer.alloc(50_000, 7))).toBe(false);
    expect(await run({ DAMAGE_CHAIN_CACHE_DIR: cache })).toEqual({ code: 0, stdout: expected, stderr: "" });
  });

  it("does not use a cache made from other text, and replaces it", async () => {
    const cache = join(dir, "other");
    const other = join(dir, "other-first");
    await run({ DAMAGE_CHAIN_CACHE_DIR: other });
    const valid = readFileSync(join(other, CACHE));
    mkdirSync(cache);
    const wrongKey = Buffer.concat([createHash("sha256").update("another bundle").digest(), valid.subarray(32)]);
    writeFileSync(join(cache, CACHE), wrongKey);
    expect(await run({ DAMAGE_CHAIN_CACHE_DIR: cache })).toEqual({ code: 0, stdout: expected, stderr: "" });
    expect(readFileSync(join(cache, CACHE)).subarray(0, 32).equals(digest)).toBe(true);
  });

  it("runs as without it when the folder cannot be made, and when NODE_DISABLE_COMPILE_CACHE is set", async () => {
    const blocker = join(dir, "a-file");
    writeFileSync(blocker, "not a folder");
    expect(await run({ DAMAGE_CHAIN_CACHE_DIR: join(blocker, "cache") })).toEqual({ code: 0, stdout: expected, stderr: "" });
    const off = join(dir, "disabled");
    expect(await run({ DAMAGE_CHAIN_CACHE_DIR: off, NODE_DISABLE_COMPILE_CACHE: "1" })).toEqual({ code: 0, stdout: expected, stderr: "" });
    expect(() => readdirSync(off)).toThrow();
  });

  it("keeps errors, tables and the lazily loaded chunks working from the cache", async () => {
    const cache = join(dir, "chunks");
    const bad = join(dir, "bad.yaml");
    writeFileSync(bad, "profile: revised-4e\ndefender:\n  resources: { hp: { value: 10 } }\n  defenses:\n    resistence: []\nevents: []\n");
    for (let i = 0; i < 2; i++) {
      const table = await run({ DAMAGE_CHAIN_CACHE_DIR: cache, COLUMNS: "200" }, ["resolve", "examples/default.yaml"]);
      expect(table.code).toBe(0);
      expect(table.stdout).toContain("│");
      const invalid = await run({ DAMAGE_CHAIN_CACHE_DIR: cache }, ["resolve", bad]);
      expect(invalid.code).toBe(1);
      expect(invalid.stderr).toMatch(/resistence \(line 5, column 5\).*Did you mean “resistances”\?/);
    }
    expect(readdirSync(cache)).toEqual(expect.arrayContaining([CACHE, `locate-${process.version}-${process.arch}.v8cache`]));
  });
});
