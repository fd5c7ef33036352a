/**
 * Two and three GM clients connected, every entry path: the token
 * HUD, the API (`applyDamage`, which the Apply Damage dialog calls), a direct
 * HP update, a player's hit relayed to the active GM, and dnd5e's own damage
 * application. Whichever GM's client acts, each hit makes exactly one actor
 * write and one public card, and deals what the chain said it would before
 * the hit (`api.preview`; resistance to fire, 001).
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { applyDamage5e, hp5e, type Hp5e } from "../foundry/dnd5e-double.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "../foundry/double.ts";
import { params } from "./fuzz.ts";

const PATHS = ["hud", "api", "update", "relay"] as const;
type Path = (typeof PATHS)[number];
const defenses = { resistances: [{ type: "fire", limit: 4 }] };

interface Table {
  world: World;
  gms: (Client & { api: ApiLike })[];
  player: Client & { api: ApiLike };
}

async function table(gmCount: number, system?: "dnd5e"): Promise<Table> {
  const world = new World();
  if (system !== undefined) world.systemId = system;
  for (let i = 0; i < gmCount; i++) world.addUser(`gm${i}`, true);
  world.addUser("p1", false);
  const gms: (Client & { api: ApiLike })[] = [];
  for (let i = 0; i < gmCount; i++) gms.push(await world.connect(world.users.get(`gm${i}`)!));
  return { world, gms, player: await world.connect(world.users.get("p1")!) };
}

let cases = 0;
function target(t: Table, dnd5e = false, ownership: Record<string, number> = { default: 1 }): ActorDouble {
  t.world.actors.clear();
  t.world.messages.clear();
  t.world.writes.length = 0;
  const hp = dnd5e ? hp5e(100, 100, 0) : { value: 100, max: 100 };
  return t.world.addActor({ id: `t${++cases}`, name: "Target", type: "npc", system: { attributes: { hp }, ...(dnd5e ? { traits: {} } : {}) }, flags: { "damage-chain": { schemaVersion: 1, defenses } }, ownership });
}

/** What the chain says `event` will deal to `actor`, asked on `client` before the hit. */
const previewed = (t: Table, client: Client & { api: ApiLike }, actor: ActorDouble, event: object): number => t.world.as(client, () => client.api.preview(actor as never, event).final);

function expectOneHit(t: Table, actor: ActorDouble, dealt: number): void {
  const hp = (actor.system.attributes as { hp: Hp5e | { value: number } }).hp.value;
  expect(hp).toBe(100 - dealt);
  expect(t.world.actorWrites()).toHaveLength(1);
  // One card (not counting a GM part); in a dnd5e world an NPC's card is whispered to the GMs by default.
  expect([...t.world.messages.values()].filter((m) => (m.flags["damage-chain"] as { card?: { of?: string } } | undefined)?.card?.of === undefined)).toHaveLength(1);
}

// The double holds one world at a time (its document classes are global): one world per block.
for (const gms of [2, 3]) {
  describe(`${gms} GM clients, every entry path`, () => {
    let t: Table;
    beforeAll(async () => {
      t = await table(gms);
    });

    it("one write and one public card per hit, whichever GM's client acts", async () => {
      const arb = fc.record({ by: fc.nat(gms - 1), path: fc.constantFrom<Path>(...PATHS), amount: fc.integer({ min: 1, max: 30 }), fire: fc.boolean() });
      await fc.assert(
        fc.asyncProperty(arb, async ({ by, path, amount, fire }) => {
          const gm = t.gms[by]!;
          const actor = target(t);
          const event = { parts: [{ amount, types: fire ? ["fire"] : ["cold"] }] };
          // The HUD and a direct update carry no type: the world's default (physical).
          const dealt = previewed(t, gm, actor, path === "hud" || path === "update" ? { parts: [{ amount }] } : event);
          if (path === "hud") await t.world.as(gm, () => actor.modifyTokenAttribute("attributes.hp", -amount, true, true));
          else if (path === "update") await t.world.as(gm, () => actor.update({ "system.attributes.hp.value": 100 - amount }));
          else if (path === "api") await t.world.as(gm, () => gm.api.applyDamage([{ actor }], event));
          else await t.world.as(t.player, () => t.player.api.applyDamage([{ actor }], event));
          await settle();
          expectOneHit(t, actor, dealt);
        }),
        params(60),
      );
    }, 3_600_000);
  });

  describe(`${gms} GM clients, dnd5e's damage application`, () => {
    let t: Table;
    beforeAll(async () => {
      t = await table(gms, "dnd5e");
    });

    it("one write and one card, whichever GM's client acts", async () => {
      const arb = fc.record({ by: fc.nat(gms - 1), amount: fc.integer({ min: 1, max: 30 }), fire: fc.boolean() });
      await fc.assert(
        fc.asyncProperty(arb, async ({ by, amount, fire }) => {
          const actor = target(t, true);
          const dealt = previewed(t, t.gms[by]!, actor, { parts: [{ amount, types: [fire ? "fire" : "cold"] }] });
          await t.world.as(t.gms[by]!, () => applyDamage5e(actor, [{ value: amount, type: fire ? "fire" : "cold", properties: new Set<string>() }]));
          await settle();
          expectOneHit(t, actor, dealt);
        }),
        params(60),
      );
    }, 3_600_000);
  });
}

/**
 * Two or three clients hitting one actor in one tick: random
 * token HUD and API hits, started at once on random GM and player clients
 * with server latency; while a GM is connected the active GM writes them all,
 * so every point counts and every hit gets its card.
 */
describe("hits from several clients in one tick", () => {
  let t: Table;
  beforeAll(async () => {
    t = await table(3);
  });

  it("add up: the actor loses every hit's points, each hit has its card", async () => {
    const hitArb = fc.record({ by: fc.nat(3), path: fc.constantFrom("hud", "api"), amount: fc.integer({ min: 1, max: 9 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(hitArb, { minLength: 2, maxLength: 5 }), async (hits) => {
        const actor = target(t, false, { p1: 3 }); // the player's own character, which any client may hit
        t.world.latency = 3;
        const clients = [...t.gms, t.player];
        await Promise.all(
          hits.map(({ by, path, amount }) => {
            const c = clients[by]!;
            return t.world.as(c, () => (path === "hud" ? actor.modifyTokenAttribute("attributes.hp", -amount, true, true) : c.api.applyDamage([{ actor }], { parts: [{ amount }] })));
          }),
        );
        const total = hits.reduce((sum, h) => sum + h.amount, 0);
        const life = () => (actor.system.attributes as { hp: { value: number } }).hp.value;
        const cards = () => [...t.world.messages.values()].filter((m) => (m.flags["damage-chain"] as { card?: { of?: string } } | undefined)?.card?.of === undefined);
        // A relayed HUD hit is fire-and-forget on its client: wait (at most 5 s) until every hit has landed, so none spills into the next case.
        for (let waited = 0; waited < 5_000 && (life() !== 100 - total || cards().length < hits.length); waited += 10) await new Promise((r) => setTimeout(r, 10));
        await settle();
        t.world.latency = 0;
        expect(life()).toBe(100 - total);
        expect(cards()).toHaveLength(hits.length);
      }),
      params(40),
    );
  }, 3_600_000);
});
