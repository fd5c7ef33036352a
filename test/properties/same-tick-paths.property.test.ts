/**
 * Same-tick mixed hits on every entry path: real hits and No-Effect (0
 * damage) hits started together on one creature, through dnd5e's damage
 * application, midi-qol's, pf2e's (both modes), the token HUD and the API,
 * from two GMs' and a player's clients in one tick with server latency, with
 * hostile requests among them (events whose types are prototype keys or whose
 * amounts are text or negative, relay requests naming other users) and GM
 * hand-overs and reloads between the batches. The creature loses exactly the
 * sum of what each hit deals on its own (`api.preview`, or dnd5e's and
 * pf2e's immunity), so no hit erased another, and a refused one deals 0.
 * One world per system (the double holds one at a time): under `npm run fuzz`
 * the property's 10,000 cases are split evenly over the four.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { applyDamage5e, hp5e } from "../foundry/dnd5e-double.ts";
import { midiApplyTokenDamage, useMidi } from "../foundry/midi-double.ts";
import { applyDamagePf2e, damageRoll, usePf2e } from "../foundry/pf2e-double.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "../foundry/double.ts";
import { socketIdle } from "../foundry/double-socket.ts";
import { FUZZ_RUNS, FUZZING, params } from "./fuzz.ts";

type Api = Client & { api: ApiLike };
type System = "generic" | "dnd5e" | "midi" | "pf2e";
const USERS = ["a-gm", "b-gm", "p1"] as const;

/** One hit: its path, the client that starts it, its points, and whether the creature shrugs it off (No Effect); `hostile` swaps in a request that must be refused. */
interface Hit {
  path: "system" | "hud" | "api";
  by: number;
  amount: number;
  noEffect: boolean;
  hostile?: "protoType" | "textAmount" | "negative" | "forged";
}

const hitArb: fc.Arbitrary<Hit> = fc.record(
  {
    path: fc.constantFrom("system", "hud", "api"),
    by: fc.nat(2),
    amount: fc.integer({ min: 1, max: 30 }),
    noEffect: fc.boolean(),
    hostile: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom("protoType" as const, "textAmount" as const, "negative" as const, "forged" as const) }),
  },
  { requiredKeys: ["path", "by", "amount", "noEffect"] },
);
// A reload connects a client anew (its modules loaded again): rarer, it is the slow step.
const between = fc.oneof({ weight: 5, arbitrary: fc.constant("none" as const) }, { weight: 2, arbitrary: fc.constant("handover" as const) }, { weight: 1, arbitrary: fc.constant("reload" as const) });
const caseArb = fc.array(fc.record({ hits: fc.array(hitArb, { minLength: 2, maxLength: 3 }), then: between }), { minLength: 1, maxLength: 2 });

interface Table {
  world: World;
  clients: Map<string, Api>;
}

async function table(system: System): Promise<Table> {
  const world = new World();
  if (system === "dnd5e" || system === "midi") world.systemId = "dnd5e";
  if (system === "midi") useMidi(world);
  if (system === "pf2e") usePf2e(world);
  for (const id of USERS) world.addUser(id, id !== "p1");
  const clients = new Map<string, Api>();
  for (const id of USERS) clients.set(id, await world.connect(world.users.get(id)!));
  if (system === "generic") await world.setSetting("damage-chain.profile", "layered-armor");
  return { world, clients };
}

let cases = 0;

/** A creature at 200 HP, owned by the player: slashing-immune in the systems; elsewhere a flat reduction of 10 (a hit of 10 or less is No Effect). */
function creature(t: Table, system: System): ActorDouble {
  t.world.actors.clear();
  t.world.messages.clear();
  const id = `c${++cases}`;
  const base = { id, name: "Golem", type: "npc", ownership: { p1: 3 } };
  if (system === "pf2e") return t.world.addActor({ ...base, system: { attributes: { hp: { value: 200, max: 200, temp: 0 }, immunities: [{ type: "slashing" }], weaknesses: [], resistances: [] } } });
  if (system !== "generic") return t.world.addActor({ ...base, system: { attributes: { hp: hp5e(200, 200) }, traits: { di: { value: new Set(["slashing"]) } } } });
  return t.world.addActor({ ...base, system: { attributes: { hp: { value: 200, max: 200 } } }, flags: { "damage-chain": { schemaVersion: 1, defenses: { flat: [{ kind: "FDR", type: "all", value: 10 }] } } } });
}

const life = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;

async function reload(t: Table, id: string): Promise<void> {
  const i = t.world.clients.findIndex((c) => c.user.id === id);
  if (i >= 0) t.world.clients.splice(i, 1);
  t.world.users.get(id)!.active = true;
  t.clients.set(id, await t.world.connect(t.world.users.get(id)!));
}

/** Start `hit` (not awaited by the caller before the others start) and say what it should deal. */
function start(t: Table, system: System, actor: ActorDouble, hit: Hit, n: string): { run: Promise<unknown>; dealt: number } {
  const { world } = t;
  const active = t.clients.get(world.users.activeGM!.id)!;
  // The system paths are written where they start (dnd5e, pf2e: the active GM's client here; midi-qol: any roller, the GM writes).
  // Only a connected user's client acts (a GM handed over is away).
  const present = USERS.filter((u) => world.users.get(u)!.active);
  const c = hit.path === "system" && system !== "midi" ? active : t.clients.get(present[hit.by % present.length]!)!;
  const type = hit.noEffect ? "slashing" : "fire";
  const amount = system === "generic" && !hit.noEffect ? hit.amount + 10 : system === "generic" ? Math.min(hit.amount, 10) : hit.amount;
  const preview = (event: object) => world.as(active, () => active.api.preview(actor as never, event).final);
  const swallow = (p: Promise<unknown>) => p.then(() => undefined, () => undefined);
  if (hit.hostile === "forged") {
    const other = USERS.find((u) => u !== c.user.id)!;
    return { run: swallow(world.relayAs(t.clients.get("p1")!, { kind: "apply", requestId: `forged-${n}`, userId: other === "p1" ? "a-gm" : other, targets: [actor.uuid], event: { parts: [{ amount }] } })), dealt: 0 };
  }
  if (hit.hostile !== undefined) {
    const parts = hit.hostile === "protoType" ? [{ amount, types: ["__proto__"] }] : hit.hostile === "textAmount" ? [{ amount: String(amount) }] : [{ amount: -amount }];
    let dealt: number;
    try {
      dealt = preview({ parts });
    } catch {
      dealt = 0; // refused: nothing is dealt
    }
    return { run: swallow(world.as(c, () => c.api.applyDamage([actor], { parts } as never))), dealt };
  }
  if (hit.path === "hud") return { run: swallow(world.as(c, () => actor.modifyTokenAttribute("attributes.hp", -amount, true, true))), dealt: preview({ parts: [{ amount }] }) };
  if (hit.path === "api" || system === "generic") return { run: swallow(world.as(c, () => c.api.applyDamage([actor], { parts: [{ amount, types: [system === "generic" ? "physical" : type] }] }))), dealt: preview({ parts: [{ amount, types: [system === "generic" ? "physical" : type] }] }) };
  const dealt = hit.noEffect ? 0 : amount;
  if (system === "midi") return { run: swallow(midiApplyTokenDamage(world, c, [{ value: amount, type, properties: new Set() }], [actor])), dealt };
  if (system === "pf2e") return { run: swallow(world.as(c, () => applyDamagePf2e(actor, { damage: damageRoll([amount, type]) }))), dealt };
  return { run: swallow(world.as(c, () => applyDamage5e(actor, [{ value: amount, type, properties: new Set<string>() }]))), dealt };
}

for (const system of ["generic", "dnd5e", "midi", "pf2e"] as const) {
  describe(`same-tick mixed hits: ${system}`, () => {
    let t: Table;
    beforeAll(async () => {
      t = await table(system);
    });

    it("the creature loses the sum of what each hit deals on its own: a No-Effect or refused hit never erases a real one", async () => {
      await fc.assert(
        fc.asyncProperty(caseArb, fc.constantFrom("after", "replace"), async (batches, pf2eMode) => {
          const { world } = t;
          for (const id of ["a-gm", "b-gm"]) world.users.get(id)!.active = true;
          if (system === "pf2e") await world.setSetting("damage-chain.pf2eMode", pf2eMode);
          const actor = creature(t, system);
          let total = 0;
          for (const [b, batch] of batches.entries()) {
            world.latency = 3;
            const started = batch.hits.map((hit, i) => start(t, system, actor, hit, `${cases}-${b}-${i}`));
            await Promise.all(started.map((s) => s.run));
            total += started.reduce((sum, s) => sum + s.dealt, 0);
            // A relayed HUD hit is fire-and-forget on its client: wait (at most 5 s) until every hit has landed.
            for (let waited = 0; waited < 5_000 && life(actor) !== 200 - total; waited += 10) await new Promise((r) => setTimeout(r, 10));
            await settle();
            world.latency = 0;
            expect(life(actor)).toBe(200 - total);
            // A hand-over or reload comes between the steps: what the batch's clients sent (a relayed No-Effect hit lands without changing HP) arrives first.
            await socketIdle(world);
            if (batch.then === "handover") world.users.get("a-gm")!.active = !world.users.get("a-gm")!.active;
            if (batch.then === "reload") await reload(t, "a-gm");
          }
        }),
        { ...params(20), ...(FUZZING ? { numRuns: FUZZ_RUNS / 4 } : {}) },
      );
    }, 3_600_000);
  });
}
