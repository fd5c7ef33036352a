/**
 * A generated bestiary for the report's reading benchmark: a
 * `packs/_source`-shaped tree of dnd5e 5.x NPC documents in YAML, and the
 * same creatures as a LevelDB pack (compiled with the Foundry CLI). Shape,
 * not data: made-up names and text, sized like dnd5e's SRD monsters (one
 * folder per creature type with a `_folder.yml`, 2-8 embedded items each
 * with an HTML description and activities, a prototype token, about 25 KB of
 * YAML a creature). No dnd5e data is copied or committed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { dump } from "js-yaml";
import { seededRandom } from "../src/core/random.ts";

const KINDS = ["aberration", "beast", "celestial", "construct", "dragon", "elemental", "fey", "fiend", "giant", "humanoid", "monstrosity", "ooze", "plant", "undead"];
const TYPES = ["acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing", "poison", "psychic", "radiant", "slashing", "thunder"];
const WORDS = "the creature makes one attack against a target within reach and on a hit it deals damage and the target must succeed on a saving throw or be knocked prone until the end of its next turn".split(" ");

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(16 - prefix.length, "0")}`;

function prose(next: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(next() * WORDS.length)]!);
  return `<p>${out.join(" ")}.</p>`;
}

function item(next: () => number, actorId: string, n: number) {
  const _id = id("Item", n);
  const damage = { number: 2, denomination: 6, bonus: "@mod", types: [TYPES[n % TYPES.length]], custom: { enabled: false, formula: "" }, scaling: { mode: "", number: null, formula: "" } };
  const activity = (k: string) => ({
    _id: id(`Act${k}`, n),
    type: k === "a" ? "attack" : "save",
    activation: { type: "action", value: null, condition: "", override: false },
    consumption: { targets: [], scaling: { allowed: false, max: "" }, spellSlot: true },
    description: { chatFlavor: "" },
    duration: { concentration: false, value: "", units: "inst", special: "", override: false },
    effects: [],
    range: { value: "5", units: "ft", special: "", override: false },
    target: { template: { count: "", contiguous: false, type: "", size: "", width: "", height: "", units: "ft" }, affects: { count: "1", type: "creature", choice: false, special: "" }, prompt: true, override: false },
    uses: { spent: 0, max: "", recovery: [] },
    damage: { critical: { allow: false, bonus: "" }, includeBase: true, parts: [damage] },
    sort: 0,
  });
  return {
    _id,
    _key: `!actors.items!${actorId}.${_id}`,
    name: `Feature ${n}`,
    type: n % 3 === 0 ? "feat" : "weapon",
    img: "icons/svg/sword.svg",
    system: {
      description: { value: prose(next, 40 + Math.floor(next() * 50)), chat: prose(next, 30) },
      source: { custom: "", book: "", page: "", license: "CC-BY-4.0", rules: "2014", revision: 1 },
      quantity: 1,
      weight: { value: 0, units: "lb" },
      price: { value: 0, denomination: "gp" },
      equipped: true,
      range: { value: null, long: null, units: "ft", reach: 5 },
      uses: { max: "", recovery: [], spent: 0 },
      damage: { base: damage, versatile: { ...damage, number: null } },
      properties: ["fin"],
      activities: { [id("Acta", n)]: activity("a"), [id("Acts", n)]: activity("s") },
      identifier: `feature-${n}`,
    },
    effects: [],
    folder: null,
    sort: n * 100000,
    flags: {},
    _stats: { compendiumSource: null, duplicateSource: null, coreVersion: "13.345", systemId: "dnd5e", systemVersion: "5.1.0", createdTime: null, modifiedTime: 1700000000000, lastModifiedBy: "dnd5ebuilder0000" },
    ownership: { default: 0 },
  };
}

function npc(next: () => number, n: number, kind: string) {
  const _id = id("Npc", n);
  const pick = (p: number) => TYPES.filter(() => next() < p);
  const ability = () => ({ value: 8 + Math.floor(next() * 12), proficient: 0, max: null, bonuses: { check: "", save: "" }, check: { roll: { min: null, max: null, mode: 0 } }, save: { roll: { min: null, max: null, mode: 0 } } });
  const items = Array.from({ length: 2 + Math.floor(next() * 7) }, (_, i) => item(next, _id, n * 100 + i));
  return {
    _id,
    _key: `!actors!${_id}`,
    name: `${kind} ${n}`,
    type: "npc",
    img: "icons/svg/mystery-man.svg",
    system: {
      abilities: Object.fromEntries(["str", "dex", "con", "int", "wis", "cha"].map((a) => [a, ability()])),
      attributes: { ac: { flat: 12, calc: "natural" }, hp: { value: 22, max: 22, temp: null, tempmax: null, formula: "5d8", dt: null }, movement: { walk: 30, units: "ft", hover: false }, senses: { darkvision: 60, units: "ft", special: "" }, spellcasting: "" },
      details: { type: { value: kind, subtype: "", swarm: "", custom: "" }, alignment: "neutral", cr: 1, biography: { value: prose(next, 120), public: "" }, source: { book: "SRD", license: "CC-BY-4.0" } },
      traits: {
        size: "med",
        di: { value: pick(0.05), bypasses: [], custom: "" },
        dr: { value: pick(0.08), bypasses: next() < 0.3 ? ["mgc"] : [], custom: "" },
        dv: { value: pick(0.02), bypasses: [], custom: "" },
        ci: { value: [], custom: "" },
        dm: { amount: {}, bypasses: [] },
        languages: { value: ["common"], custom: "" },
      },
      currency: { pp: 0, gp: 0, ep: 0, sp: 0, cp: 0 },
      skills: Object.fromEntries(["acr", "ani", "arc", "ath", "dec", "his", "ins", "itm", "inv", "med", "nat", "prc", "prf", "per", "rel", "slt", "ste", "sur"].map((s) => [s, { value: 0, ability: "dex", bonuses: { check: "", passive: "" } }])),
      resources: { legact: { value: 0, max: 0 }, legres: { value: 0, max: 0 }, lair: { value: false, initiative: null } },
    },
    prototypeToken: { name: `${kind} ${n}`, displayName: 20, actorLink: false, width: 1, height: 1, disposition: -1, bar1: { attribute: "attributes.hp" }, bar2: { attribute: null }, texture: { src: "icons/svg/mystery-man.svg", scaleX: 1, scaleY: 1 }, sight: { enabled: false, range: 60, angle: 360, visionMode: "basic" }, detectionModes: [], flags: {} },
    items,
    effects: [],
    folder: id("Fold", KINDS.indexOf(kind)),
    sort: 0,
    ownership: { default: 0 },
    flags: {},
    _stats: { compendiumSource: null, duplicateSource: null, coreVersion: "13.345", systemId: "dnd5e", systemVersion: "5.1.0", createdTime: null, modifiedTime: 1700000000000, lastModifiedBy: "dnd5ebuilder0000" },
  };
}

/**
 * Write `count` creatures under `dir/tree` (YAML, one folder per creature
 * type) and compile them into the LevelDB pack `dir/pack`. Returns both
 * paths and the tree's size in bytes. Deterministic (seeded).
 */
export async function generateBestiary(dir: string, count: number): Promise<{ tree: string; pack: string; bytes: number }> {
  const random = seededRandom(23);
  const next = () => random.int(1_000_000) / 1_000_000;
  const tree = join(dir, "tree");
  let bytes = 0;
  KINDS.forEach((kind, k) => {
    mkdirSync(join(tree, kind), { recursive: true });
    writeFileSync(join(tree, kind, "_folder.yml"), dump({ name: kind, type: "Actor", _id: id("Fold", k), _key: `!folders!${id("Fold", k)}`, folder: null, sorting: "a", sort: 0, color: null, flags: {} }));
  });
  for (let n = 0; n < count; n++) {
    const kind = KINDS[n % KINDS.length]!;
    const text = dump(npc(next, n, kind));
    bytes += text.length;
    writeFileSync(join(tree, kind, `creature-${n}.yml`), text);
  }
  const pack = join(dir, "pack");
  await compilePack(tree, pack, { yaml: true, recursive: true, log: false });
  return { tree, pack, bytes };
}
