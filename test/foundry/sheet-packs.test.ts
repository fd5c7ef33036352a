/**
 * The compendium sources (packs-src/) and their build: every source is
 * valid, there is one sample creature per built-in profile and each shows
 * its profile's mechanics when hit, the macros call API methods that exist,
 * and the built LevelDB packs read back with the same documents.
 */
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { resolve } from "../../src/core/chain.ts";
import { dnd5eTraitsFromSystem } from "../../src/core/import/dnd5e-traits.ts";
import { daggerheartTraitsFromSystem } from "../../src/core/import/daggerheart.ts";
import { registerDaggerheartSteps } from "../../src/core/steps/daggerheart.ts";
import { importDrawSteel } from "../../src/core/import/draw-steel.ts";
import { damageEventSchema, type DamageEventInput } from "../../src/core/model/event.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { registerDnd5eSteps } from "../../src/core/steps/dnd5e.ts";
import { registerPf1Steps } from "../../src/core/steps/pf1.ts";
import { importPf1 } from "../../src/core/import/pf1.ts";
import { applyImport } from "../../src/core/import/types.ts";
import { seededRandom } from "../../src/core/random.ts";
import { defaultMapping, DND5E_HP, readResources } from "../../src/core/resource-map.ts";
import { readStored } from "../../src/core/stored.ts";
import { buildPacks, checkSource } from "../../scripts/build-packs.ts";

registerDnd5eSteps(); // the dnd5e sample creature's profile (its steps are registered apart)
registerDaggerheartSteps(); // and the Daggerheart one's
registerPf1Steps(); // the pf1 sample creature's profile, likewise

const ROOT = join(import.meta.dirname, "../..");
const SRC = join(ROOT, "packs-src");
type Doc = Record<string, unknown> & { name: string; flags?: Record<string, unknown> };
const docs = (pack: string): [string, Doc][] =>
  readdirSync(join(SRC, pack)).filter((f) => f.endsWith(".yml")).sort().map((f) => [f, parse(readFileSync(join(SRC, pack, f), "utf8")) as Doc]);

/** A hit that exercises each profile's chain. */
const HITS: Record<string, DamageEventInput> = {
  "layered-armor": { parts: [{ amount: 12, types: ["physical"] }] },
  "revised-4e": { parts: [{ amount: 20, types: ["physical"] }] },
  "card-game": { parts: [{ amount: 5, types: ["physical"] }] },
  "tags-and-guard": { parts: [{ amount: 10, types: ["fire"] }], source: { tags: ["holy"] } },
  "armor-pools": { parts: [{ amount: 6, types: ["physical"] }] },
  dnd5e: { parts: [{ amount: 7, types: ["slashing"] }] },
  pf2e: { parts: [{ amount: 10, types: ["slashing"] }] },
  daggerheart: { parts: [{ amount: 13, types: ["physical"] }] },
  "draw-steel": { parts: [{ amount: 10, types: ["fire"] }] },
  pf1: { parts: [{ amount: 12, types: ["slashing"] }], traits: ["coldiron"] },
};
/** Every pack of sample creatures, one per system. */
const CREATURE_PACKS = ["sample-creatures", "sample-creatures-pf2e", "sample-creatures-sf2e", "sample-creatures-draw-steel", "sample-creatures-daggerheart", "sample-creatures-pf1"];
const creatures = () => CREATURE_PACKS.flatMap((p) => docs(p));

const tmp = mkdtempSync(join(tmpdir(), "dc-packs-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("compendium sources", () => {
  it("every source passes the checks the build makes", () => {
    for (const [file, doc] of creatures()) expect(checkSource(doc, "Actor"), file).toEqual([]);
    for (const [file, doc] of docs("macros")) expect(checkSource(doc, "Macro"), file).toEqual([]);
  });

  it("the checks catch a bad id, key and flag", () => {
    const [, doc] = docs("sample-creatures")[0]!;
    const bad = { ...doc, _id: "short", flags: { "damage-chain": { schemaVersion: 1, defenses: { immunities: [{ type: "all" }] } } } };
    const problems = checkSource(bad, "Actor").join("\n");
    expect(problems).toContain("_id: must be 16 letters or digits");
    expect(problems).toContain("_key: must be");
    expect(problems).toContain("defenses.immunities[0].type");
  });

  it("has one sample creature per built-in profile, and each one's defenses act on a hit under that profile", () => {
    // The sf2e sample uses the pf2e profile with SF2e's own traits (system.attributes), not its own profile: `sample-sf2e.test.ts`.
    const byFile = new Map(CREATURE_PACKS.filter((p) => p !== "sample-creatures-sf2e").flatMap((p) => docs(p)));
    expect([...byFile.keys()].map((f) => f.replace(/\.yml$/, "")).sort()).toEqual(BUILT_IN_PROFILES.map((p) => p.id).sort());
    for (const profile of BUILT_IN_PROFILES) {
      const doc = byFile.get(`${profile.id}.yml`)!;
      const stored = readStored(doc.flags?.["damage-chain"]);
      if (!stored.ok) throw new Error(JSON.stringify(stored.problems));
      const { resources } = readResources(doc, defaultMapping(profile, DND5E_HP), stored.value.pools);
      // The dnd5e profile reads the actor's own dnd5e traits, as `readDefender` does live.
      const dnd5e = profile.id === "dnd5e" ? { dnd5e: dnd5eTraitsFromSystem(doc.system).traits } : {};
      // Likewise the daggerheart profile, the actor's Daggerheart traits.
      const daggerheart = profile.id === "daggerheart" ? { daggerheart: daggerheartTraitsFromSystem(doc.type, doc.system) } : {};
      // Draw Steel's traits are the system's own (`system.damage`), imported live on every hit in its worlds; the pf1
      // profile reads the actor's own PF1 traits likewise.
      const defenses = profile.id === "draw-steel" ? importDrawSteel(doc).defenses : profile.id === "pf1" ? applyImport(stored.value.defenses, importPf1(doc).defenses, "pf1") : stored.value.defenses;
      const defender = { name: doc.name, traits: stored.value.traits, resources, defenses, state: stored.value.state, ...dnd5e, ...daggerheart };
      const r = resolve({ event: damageEventSchema.parse(HITS[profile.id]), defender, profile, random: seededRandom(1), now: 0 });
      const changedAmount = r.trace.some((e) => e.in !== e.out);
      const spread = Object.keys(r.taken).length > 1;
      expect(changedAmount || spread || r.prevented, `${profile.id}: ${JSON.stringify(r.trace)}`).toBe(true);
      expect(r.warnings, profile.id).toEqual([]);
    }
  });

  it("the macros are valid scripts that only call API methods that exist", async () => {
    const api = Object.keys((await import("../../src/foundry/api.ts")).createApi(() => undefined));
    const AsyncFunction = (async () => undefined).constructor as new (body: string) => unknown;
    for (const [file, doc] of docs("macros")) {
      expect(doc.type, file).toBe("script");
      expect(() => new AsyncFunction(String(doc.command)), file).not.toThrow();
      const used = [...String(doc.command).matchAll(/(?<![\w.])api\.(\w+)/g)].map((m) => m[1]);
      expect(used.length, file).toBeGreaterThan(0);
      for (const m of used) expect(api, `${file}: api.${m}`).toContain(m);
    }
  });
});

describe("packs per system", () => {
  it("each creature is in a pack of its own system (a pf2e world can open its pf2e creature)", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "module.json"), "utf8")) as { packs: { name: string; type: string; system?: string }[] };
    for (const pack of manifest.packs.filter((p) => p.type === "Actor")) {
      for (const [file, doc] of docs(pack.name)) expect((doc._stats as { systemId?: string }).systemId, `${pack.name}/${file}`).toBe(pack.system);
    }
  });
});

describe("pack build", () => {
  it("compiles every declared pack and reads back the same documents", async () => {
    const count = await buildPacks(join(ROOT, "module.json"), SRC, tmp);
    expect(count).toBe(creatures().length + docs("macros").length);
    for (const [pack, type] of [...CREATURE_PACKS.map((p) => [p, "Actor"] as const), ["macros", "Macro"] as const]) {
      const out = join(tmp, "extracted", pack);
      await extractPack(join(tmp, "packs", pack), out, { yaml: true, documentType: type });
      const back = readdirSync(out).map((f) => (parse(readFileSync(join(out, f), "utf8")) as Doc).name).sort();
      expect(back).toEqual(docs(pack).map(([, d]) => d.name).sort());
    }
  });
});
