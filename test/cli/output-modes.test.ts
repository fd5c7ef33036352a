/**
 * `resolve --summary`, `--changed-only` and the progress bar of long
 * scenarios, through the real CLI and through
 * `resolveCommand` with an output sink of the test's own.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveCommand, type Output } from "../../src/cli/commands.ts";
import { cli, resolveJson } from "./run.ts";

const dir = mkdtempSync(join(tmpdir(), "damage-chain-modes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("--summary", () => {
  it("prints one line per hit: label, incoming → final and what it took, matching --json", async () => {
    const [run, hits] = await Promise.all([cli("resolve", "examples/default.yaml", "--summary"), resolveJson("examples/default.yaml")]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(hits.length);
    for (const [i, hit] of hits.entries()) expect(lines[i]).toContain(`: ${hit.incoming} → ${hit.final} (`);
    expect(lines[0]).toBe("Club, 4: below BDN 5, negated: 4 → 0 (negated)");
    expect(lines[1]).toBe("Warhammer, 30: 30 → 12 (HP 12)");
  });
});

describe("--changed-only", () => {
  it("keeps only the steps that changed the damage or took from a resource, numbered by their place in the chain", async () => {
    const [full, short] = await Promise.all([cli("resolve", "examples/layered-armor.yaml"), cli("resolve", "examples/layered-armor.yaml", "--changed-only")]);
    expect(short.code).toBe(0);
    const rowsOf = (text: string, label: string) => {
      const block = text.split("\n\n").find((b) => b.startsWith(label))!;
      return [...block.matchAll(/^│ (\d+) +│ ([^│]+?) +│ (\d+) → (\d+)/gm)].map((m) => ({ n: Number(m[1]), in: Number(m[3]), out: Number(m[4]) }));
    };
    const all = rowsOf(full.stdout, "Imbued dagger");
    const kept = rowsOf(short.stdout, "Imbued dagger");
    expect(all.length).toBeGreaterThan(kept.length);
    expect(kept.map((r) => r.n)).toEqual([2, 4]);
    expect(kept.every((r) => r.in !== r.out)).toBe(true);
    expect(all.filter((r) => r.in !== r.out).map((r) => r.n)).toEqual([2, 4]);
  });
});

describe("progress bar", () => {
  const scenario = (hits: number) => {
    const path = join(dir, `long-${hits}.yaml`);
    const events = Array.from({ length: hits }, () => "  - hit: { parts: [{ amount: 1 }] }").join("\n");
    writeFileSync(path, `profile: revised-4e\ndefenders:\n  A: { resources: { hp: { value: 100000 } } }\n  B: { resources: { hp: { value: 100000 } } }\nevents:\n${events}\n`);
    return path;
  };
  const sink = () => {
    const calls = { started: 0, increments: 0, stopped: 0, out: "" };
    const io: Output = {
      out: (text) => void (calls.out += text),
      err: () => undefined,
      isTTY: false,
      progress: (total) => {
        calls.started = total;
        return { increment: () => void (calls.increments += 1), stop: () => void (calls.stopped += 1) };
      },
    };
    return { io, calls };
  };

  it("counts every hit on every target of a long scenario and stops when done", async () => {
    const { io, calls } = sink();
    expect(await resolveCommand(scenario(150), { summary: true }, io)).toBe(0);
    expect(calls).toMatchObject({ started: 300, increments: 300, stopped: 1 });
    expect(calls.out.trimEnd().split("\n")).toHaveLength(300);
  });

  it("shows none for a short scenario", async () => {
    const { io, calls } = sink();
    expect(await resolveCommand(scenario(10), { summary: true }, io)).toBe(0);
    expect(calls).toMatchObject({ started: 0, increments: 0, stopped: 0 });
  });
});

describe("pf2e's words", () => {
  it("under the pf2e profile the table names FDR and DV steps and entries Resistance and Weakness; --json's texts too", async () => {
    const path = join(dir, "pf2e-words.yaml");
    writeFileSync(path, "profile: pf2e\ndefender:\n  resources: { hp: { value: 50 } }\n  defenses:\n    flat:\n      - { kind: FDR, type: fire, value: 5 }\n      - { kind: DV, type: fire, value: 3 }\nevents:\n  - hit: { parts: [{ amount: 10, types: [fire] }] }\n");
    let out = "";
    const io: Output = { out: (text) => void (out += text), err: () => undefined, isTTY: false };
    expect(await resolveCommand(path, { color: false }, io)).toBe(0);
    expect(out).toMatch(/│ Weakness +│/);
    expect(out).toMatch(/│ Resistance +│/);
    expect(out).toMatch(/Resistance 5 Fire/);
    expect(out).not.toMatch(/FDR|DV 3|Final Damage Resistance|Damage Vulnerability/);
    out = "";
    expect(await resolveCommand(path, { json: true }, io)).toBe(0);
    expect(out).toMatch(/"text": "Resistance: −5\."/);
  });
});
