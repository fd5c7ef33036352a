/**
 * `damage-chain report` (seed 001) on generated bestiaries whose
 * counts are known exactly: a folder tree of dnd5e YAML documents (with a
 * folder document to skip), a world's exported actor JSON, and a LevelDB
 * pack built with the Foundry CLI; text, JSON, CSV and HTML output.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { stringify as toYaml } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Report } from "../../src/core/bestiary/report.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { languages, loadLanguage } from "../../src/cli/i18n.ts";
import { execFile } from "node:child_process";
import { cli, reportInProcess, ROOT } from "./run.ts";

const dir = mkdtempSync(join(tmpdir(), "damage-chain-report-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let serial = 0;
/** A dnd5e 5.x NPC document as `packs/_source` holds it. */
function npc(type: string, di: string[] = [], dr: string[] = [], dv: string[] = [], bypasses: string[] = []) {
  serial++;
  const id = `Test${String(serial).padStart(12, "0")}`;
  return {
    _id: id,
    _key: `!actors!${id}`,
    name: `${type} ${serial}`,
    type: "npc",
    system: {
      details: { type: { value: type, subtype: "", swarm: "", custom: "" } },
      traits: { di: { value: di, bypasses: [], custom: "" }, dr: { value: dr, bypasses, custom: "" }, dv: { value: dv, bypasses: [], custom: "" }, ci: { value: [], custom: "" }, dm: { amount: {}, bypasses: [] } },
    },
  };
}

const tree = join(dir, "monsters");
const worldExport = join(dir, "world-actors.json");
const packSrc = join(dir, "pack-src");
const pack = join(dir, "packs", "bestiary");

beforeAll(async () => {
  // Folder tree: 6 undead (immune poison, resist necrotic, vulnerable radiant), 4 beasts resisting nonmagical slashing.
  mkdirSync(join(tree, "undead"), { recursive: true });
  mkdirSync(join(tree, "beast"), { recursive: true });
  writeFileSync(join(tree, "undead", "_folder.yml"), toYaml({ name: "Undead", type: "Actor", _id: "FolderUndead0001", _key: "!folders!FolderUndead0001" }));
  for (let i = 0; i < 6; i++) writeFileSync(join(tree, "undead", `u${i}.yml`), toYaml(npc("undead", ["poison"], ["necrotic"], ["radiant"])));
  for (let i = 0; i < 4; i++) writeFileSync(join(tree, "beast", `b${i}.json`), JSON.stringify(npc("beast", [], ["slashing"], [], ["mgc"])));
  // World export: 2 plants vulnerable to fire, one with Damage Chain flags adding Resist 5 cold.
  const flagged = { ...npc("plant", [], [], ["fire"]), flags: { "damage-chain": { schemaVersion: 1, defenses: { resistances: [{ type: "cold", limit: 5 }] } } } };
  writeFileSync(worldExport, JSON.stringify([npc("plant", [], [], ["fire"]), flagged]));
  // LevelDB pack: 3 fiends immune to fire.
  mkdirSync(packSrc, { recursive: true });
  for (let i = 0; i < 3; i++) writeFileSync(join(packSrc, `f${i}.json`), JSON.stringify(npc("fiend", ["fire"])));
  await compilePack(packSrc, pack);
});

async function reportJson(...args: string[]): Promise<Report> {
  const run = await cli("report", ...args, "--json");
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Report;
}
const row = (r: Report["before"], type: string) => r.types.find((t) => t.type === type)!;

describe("damage-chain report", () => {
  it("reads a folder tree of YAML and JSON documents (skipping folders) and counts exactly", async () => {
    const r = await reportJson(tree);
    expect(r.creatures).toBe(10);
    expect(row(r.before, "poison")).toMatchObject({ immune: 6, resistant: 0, vulnerable: 0, meanMultiplier: 0.4 });
    expect(row(r.before, "radiant")).toMatchObject({ vulnerable: 6, meanMultiplier: 1.3 });
    expect(row(r.before, "slashing")).toMatchObject({ resistant: 4, meanMultiplier: 0.8 });
    expect(r.before.strongest).toEqual(["radiant"]);
    expect(r.creatureTypes.map((t) => [t.type, t.count])).toEqual([["undead", 6], ["beast", 4]]);
    // After the retrofit the Undead resist poison instead of being immune, and no longer resist necrotic (001).
    expect(row(r.after, "poison")).toMatchObject({ immune: 0, resistant: 6 });
    expect(row(r.after, "necrotic")).toMatchObject({ resistant: 0 });
  });

  it("reads a world's exported actors (with Damage Chain flags) and a LevelDB pack, together with the tree", async () => {
    const r = await reportJson(tree, worldExport, pack);
    expect(r.creatures).toBe(15);
    expect(row(r.before, "fire")).toMatchObject({ immune: 3, vulnerable: 2 });
    expect(row(r.before, "cold")).toMatchObject({ resistant: 1 });
  });

  it("--amount and --profile change the standard hit; the multiplier comes from the chain", async () => {
    const r = await reportJson(tree, "--amount", "7", "--profile", "tags-and-guard");
    expect(r.amount).toBe(7);
    expect(r.profile).toBe("tags-and-guard");
    expect(row(r.before, "radiant").meanMultiplier).toBe(1); // tags-and-guard has no 4E vulnerability step
  });

  it("--system pf1 reads the compendium's PF1 sample creature under the pf1 profile: DR 5/silver on weapons, fire resistance 10", async () => {
    const r = await reportJson(join(import.meta.dirname, "../../packs-src/sample-creatures-pf1"), "--system", "pf1", "--profile", "pf1");
    expect(r.creatures).toBe(1);
    expect(row(r.before, "slashing").meanMultiplier).toBe(0.75); // 20 − 5
    expect(row(r.before, "fire").meanMultiplier).toBe(0.5); // 20 − 10
    expect(row(r.before, "cold").meanMultiplier).toBe(1);
  });

  it("prints text tables with the lang file's headings, and the top line", async () => {
    const run = await cli("report", tree);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("10 creatures, profile revised-4e, standard hit of 20 points");
    expect(run.stdout).toContain("Strongest for an attacker: Radiant now");
    expect(run.stdout).not.toContain("DAMAGECHAIN.");
    const de = await cli("report", tree, "--lang", "de");
    expect(de.stdout).toContain("10 Kreaturen");
  });

  it("--csv FILE and --html FILE write files; the page inlines Chart.js and the chart data", async () => {
    const csv = join(dir, "out.csv");
    const html = join(dir, "out.html");
    const run = await cli("report", tree, "--csv", csv, "--html", html);
    expect(run.code, run.stderr).toBe(0);
    const lines = readFileSync(csv, "utf8").trim().split("\n");
    expect(lines[0]).toBe("damage_type,immune,resistant,vulnerable,mean_multiplier,balance,after_immune,after_resistant,after_vulnerable,after_mean_multiplier,after_balance");
    expect(lines).toContain("poison,6,0,0,0.4,0.6,0,6,0,0.7,0.6");
    const page = readFileSync(html, "utf8");
    expect(page).toContain('<canvas id="chart-multiplier">');
    expect(page).toMatch(/Chart\.js v4/);
    expect(page.match(/<\/script>/g)).toHaveLength(2);
  });

  it("bad input: a clear message and an exit code, never a crash", async () => {
    const missing = await cli("report", join(dir, "nope"));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no such file or folder");
    const amount = await cli("report", tree, "--amount", "1.5");
    expect(amount.code).toBe(2);
    expect(amount.stderr).toContain("--amount must be a whole number");
    const broken = join(dir, "broken.yml");
    writeFileSync(broken, "name: [unclosed");
    const partial = await cli("report", tree, broken, "--json");
    expect(partial.code).toBe(0);
    expect(partial.stderr).toContain("broken.yml could not be read");
  });
});

describe("damage-chain report names what it could not read", () => {
  it("a creature with a field of the wrong type is named, with the field, in the text and in --json", async () => {
    const broken = join(dir, "broken-tree");
    mkdirSync(broken, { recursive: true });
    writeFileSync(join(broken, "ok.yml"), toYaml(npc("beast")));
    const bad = npc("undead", ["poison"]);
    (bad.system.traits.dr as { value: unknown }).value = 17;
    bad.name = "Crooked Wight";
    writeFileSync(join(broken, "bad.yml"), toYaml(bad));
    // By default the problems are summarised by kind; --verbose names each creature and field.
    const summary = await cli("report", broken);
    expect(summary.code, summary.stderr).toBe(0);
    expect(summary.stderr).toContain("1 creatures had data that could not be read");
    expect(summary.stdout).toMatch(/^- 1× 17 is not a list.* \(1 creatures\)$/m);
    expect(summary.stdout).toContain("--verbose lists each one.");
    const text = await cli("report", broken, "--verbose");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stderr).toContain("Crooked Wight");
    expect(text.stderr).toContain("system.traits.dr.value");
    expect(text.stdout).toMatch(/Crooked Wight \(.*bad\.yml\), system\.traits\.dr\.value: 17 is not a list/);
    const json = await cli("report", broken, "--json");
    const out = JSON.parse(json.stdout) as { problems: { name: string; file: string; field: string; message: string }[] };
    expect(out.problems).toEqual([expect.objectContaining({ name: "Crooked Wight", field: "system.traits.dr.value", file: join(broken, "bad.yml") })]);
  });
});

describe("damage-chain report reads YAML trees as the Foundry CLI does", () => {
  it("skips a non-actor document by its top-level _key without parsing it, and reads an actor whose embedded items have keys", async () => {
    const mixed = join(dir, "mixed-tree");
    mkdirSync(mixed, { recursive: true });
    // Not valid YAML past its key: parsing it would be a problem; the key says it is an item.
    writeFileSync(join(mixed, "sword.yml"), "_key: '!items!Sword0000000001'\nname: [unclosed\n");
    const withItems = { ...npc("giant", [], ["cold"]), items: [{ _id: "Item000000000001", _key: "!actors.items!x.Item000000000001", name: "Club", type: "weapon", system: {} }] };
    writeFileSync(join(mixed, "giant.yml"), toYaml(withItems));
    const run = await cli("report", mixed, "--json");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    const r = JSON.parse(run.stdout) as Report;
    expect(r.creatures).toBe(1);
    expect(row(r.before, "cold")).toMatchObject({ resistant: 1 });
  });
});

describe("damage-chain report fits the terminal", () => {
  const wide = join(dir, "wide-tree");
  const all = ["acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing", "poison", "psychic", "radiant", "slashing", "thunder"];
  beforeAll(() => {
    mkdirSync(wide, { recursive: true });
    writeFileSync(join(wide, "a.yml"), toYaml(npc("elemental", all.slice(0, 4), all.slice(4), ["fire", "cold", "thunder"])));
    writeFileSync(join(wide, "b.yml"), toYaml(npc("construct", [], all, [])));
  });
  // One test per profile: each runs the report once per language and once for JSON, and every built-in profile added (one per game system) would otherwise share one timeout.
  // In this process (`reportInProcess`): three runs per profile, where a started command costs a Node start each; the tests above and below start it.
  it.each(BUILT_IN_PROFILES.map((p) => p.id))("every damage type the report shows has its label, under the built-in profile %s, in every language shipped", async (id) => {
    expect([...languages().keys()]).toEqual(expect.arrayContaining(["en", "de"]));
    const json = await reportInProcess([wide], { profile: id, json: true });
    expect(json.code, json.stderr).toBe(0);
    const r = JSON.parse(json.stdout) as Report;
    expect(r.before.types.map((x) => x.type)).toEqual(expect.arrayContaining(["bludgeoning", "piercing", "slashing", "acid"]));
    for (const lang of languages().keys()) {
      const t = loadLanguage(lang);
      expect(r.before.types.filter((x) => !t.has(`DAMAGECHAIN.Type.${x.type}`)).map((x) => `${id}/${lang}: ${x.type}`)).toEqual([]);
      const run = await reportInProcess([wide], { profile: id, lang });
      expect(run.code, run.stderr).toBe(0);
      for (const type of ["bludgeoning", "piercing", "slashing"]) expect(run.stdout).toContain(t.format(`DAMAGECHAIN.Type.${type}`));
    }
  });

  const tableLines = (out: string) => out.split("\n").filter((l) => /^[│┌├└]/.test(l));

  it.each([60, 120])("every table line fits %i columns, and the per-creature-type figures are all there", async (columns) => {
    const out = await new Promise<string>((resolveOut, reject) => {
      execFile(process.execPath, ["bin/damage-chain.js", "report", wide], { cwd: ROOT, env: { ...process.env, COLUMNS: String(columns) }, encoding: "utf8" }, (error, stdout) => (error ? reject(error) : resolveOut(stdout)));
    });
    const lines = tableLines(out);
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.filter((l) => l.length > columns)).toEqual([]);
    // The per-creature-type section, however wrapped or stacked, still holds every figure: count the words.
    const words = out.slice(out.indexOf("Per creature type")).split(/[│┌├└┐┤┘─┬┼┴\s,:]+/);
    const count = (w: string) => words.filter((x) => x === w).length;
    expect([count("construct"), count("elemental"), count("Acid"), count("Thunder"), count("Fire"), count("Cold"), count("Force")]).toEqual([1, 1, 2, 3, 3, 3, 2]);
  });
});
