/**
 * midi-qol with two GMs: random applications through midi-qol's own damage
 * application (`midi-double.ts`), rolled on either GM's client or a player's,
 * on creatures with random dnd5e traits (immunity, resistance, vulnerability)
 * and midi-qol damage reduction, some targets saving, with damage types that
 * are prototype keys among them and GM hand-overs and reloads between the
 * applications. Every application is written once (one write and one
 * card per target at most, by the active GM) and deals what midi-qol 11.6.32 on
 * dnd5e deals (the model below; the hand-computed cases and their sources
 * are `test/foundry/midi-qol-rules.test.ts`).
 */
import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { hp5e, type Hp5e } from "../foundry/dnd5e-double.ts";
import { World, settle, type ActorDouble, type Client } from "../foundry/double.ts";
import { midiApplyTokenDamage, useMidi } from "../foundry/midi-double.ts";
import { params } from "./fuzz.ts";

const TYPES = ["fire", "cold", "slashing"] as const;
const USERS = ["a-gm", "b-gm", "p1"] as const;
const START = 400;

interface Traits {
  di: string[];
  dr: string[];
  dv: string[];
  /** midi-qol damage reduction against all damage (points). */
  reduction: number;
}
type Part = { value: number; type: string };

/**
 * What midi-qol deals (test/foundry/midi-qol-rules.test.ts names the lines):
 * per part immunity 0, × ½ when saved, resistance truncates half, vulnerability
 * doubles; then midi's reduction, capped at the damage; then the sum rounded
 * toward 0 once, and never more than the HP left.
 */
function midiDeals(parts: readonly Part[], t: Traits, saved: boolean): number {
  let sum = 0;
  for (const p of parts) {
    if (t.di.includes(p.type)) continue;
    let v = p.value * (saved ? 0.5 : 1);
    if (t.dr.includes(p.type)) v = Math.trunc(v / 2);
    if (t.dv.includes(p.type)) v *= 2;
    sum += v;
  }
  if (t.reduction > 0 && sum > 0) sum -= Math.min(t.reduction, sum);
  return Math.trunc(sum);
}

const traitsArb: fc.Arbitrary<Traits> = fc.record({
  di: fc.subarray([...TYPES], { maxLength: 1 }),
  dr: fc.subarray([...TYPES]),
  dv: fc.subarray([...TYPES]),
  reduction: fc.integer({ min: 0, max: 4 }),
});
const partArb = fc.record({ value: fc.integer({ min: 1, max: 20 }), type: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...TYPES) }, { weight: 1, arbitrary: fc.constantFrom("__proto__", "constructor", "toString") }) });
const stepArb = fc.oneof(
  { weight: 10, arbitrary: fc.record({ op: fc.constant("apply" as const), roller: fc.constantFrom(...USERS), parts: fc.array(partArb, { minLength: 1, maxLength: 2 }), saved: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), targets: fc.subarray([0, 1, 2], { minLength: 1 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("handover" as const) }) },
  // A reload connects a client anew (its modules loaded again): rarer, it is the slow step.
  { weight: 1, arbitrary: fc.record({ op: fc.constant("reload" as const), who: fc.constantFrom("a-gm", "b-gm") }) },
);

let world: World;
const clients = new Map<string, Client>();
let cases = 0;

beforeAll(async () => {
  world = new World();
  world.systemId = "dnd5e";
  useMidi(world);
  for (const id of USERS) world.addUser(id, id !== "p1");
  for (const id of USERS) clients.set(id, await world.connect(world.users.get(id)!));
});

async function reload(id: string): Promise<void> {
  const i = world.clients.findIndex((c) => c.user.id === id);
  if (i >= 0) world.clients.splice(i, 1);
  world.users.get(id)!.active = true;
  clients.set(id, await world.connect(world.users.get(id)!));
}

function creature(id: string, t: Traits): ActorDouble {
  const trait = (v: string[]) => ({ value: new Set(v), bypasses: new Set<string>() });
  return world.addActor({
    id, name: id, type: "npc",
    system: { attributes: { hp: hp5e(START, START) }, traits: { di: trait(t.di), dr: trait(t.dr), dv: trait(t.dv), dm: t.reduction === 0 ? {} : { midi: { all: -t.reduction } } } },
  });
}

const chainCards = () => [...world.messages.values()].filter((m) => (m.flags["damage-chain"] as { card?: { of?: string } } | undefined)?.card !== undefined && (m.flags["damage-chain"] as { card: { of?: string } }).card.of === undefined);

it("every midi-qol application is written once, by the active GM, dealing what midi-qol deals", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(traitsArb, { minLength: 3, maxLength: 3 }), fc.array(stepArb, { minLength: 1, maxLength: 4 }), async (traits, steps) => {
      const n = ++cases;
      world.actors.clear();
      world.messages.clear();
      world.writes.length = 0;
      for (const id of ["a-gm", "b-gm"]) world.users.get(id)!.active = true;
      const actors = traits.map((t, i) => creature(`m${n}x${i}`, t));
      const lost = actors.map(() => 0);
      let applied = 0;
      for (const s of steps) {
        if (s.op === "handover") world.users.get("a-gm")!.active = !world.users.get("a-gm")!.active;
        else if (s.op === "reload") await reload(s.who);
        else {
          const targets = s.targets.map((i) => actors[i]!);
          const saved = new Set(s.targets.filter((i) => s.saved[i]).map((i) => actors[i]!));
          const writesBefore = world.actorWrites().length;
          const cardsBefore = chainCards().length;
          const writer = world.users.activeGM!.id;
          await midiApplyTokenDamage(world, clients.get(s.roller)!, s.parts.map((p) => ({ ...p, properties: new Set<string>() })), targets, saved);
          await settle();
          const writes = world.actorWrites().slice(writesBefore);
          for (const i of s.targets) {
            const dealt = midiDeals(s.parts, traits[i]!, s.saved[i]!);
            lost[i]! += dealt;
            // Exactly once: one write of a hit that deals damage, never a second one.
            const mine = writes.filter((w) => w.ids.includes(actors[i]!.id)).length;
            if (dealt > 0) expect(mine).toBe(1);
            else expect(mine).toBeLessThanOrEqual(1);
          }
          applied += targets.length;
          // Written by the active GM, one card per target at most.
          expect(writes.every((w) => w.userId === writer)).toBe(true);
          expect(chainCards().length - cardsBefore).toBeLessThanOrEqual(targets.length);
        }
        expect(actors.map((a) => START - (a.system.attributes as { hp: Hp5e }).hp.value)).toEqual(lost);
      }
      expect(chainCards().length).toBeLessThanOrEqual(applied);
    }),
    params(30),
  );
}, 3_600_000);
