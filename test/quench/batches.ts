/**
 * Quench batches: the adapter's flows in a real Foundry v13 world (run them
 * from Quench's window; not part of CI). Each flow checks that exactly one
 * write per actor and exactly one card happen, as the vitest adapter tests do
 * against the test double. They create throwaway actors and delete them after.
 */
import { MODULE_ID } from "../../src/foundry/constants.ts";
import { loadRelayHandler } from "../../src/foundry/gm/register.ts";
import { applyDialogBatch, statusBatch, variableResistanceBatch } from "./features.ts";
import { api, cleanUp, counting, life, lifePaths, makeActor, type Quench, type QuenchContext } from "./support.ts";

function hudBatch({ describe, it, after, assert }: QuenchContext): void {
  describe("Token HUD and direct HP changes", () => {
    after(() => cleanUp());
    it("a HUD decrease is resolved once: one write, one card", async () => {
      const actor = await makeActor("hud", 30, { schemaVersion: 1, defenses: { resistances: [{ type: "physical", limit: 3 }] } });
      const bar = lifePaths(actor)!.value.replace(/^system\./, "").replace(/\.value$/, "");
      const { writes, cards } = await counting(() => actor.modifyTokenAttribute(bar, -10, true, true));
      assert.equal(writes.get(actor.id!), 1);
      assert.equal(cards.length, 1);
      assert.equal(life(actor), 30 - 7, "Resist physical 3 against a 10-point attack (001)");
    });
    it("corrupt flags: the damage is applied without the chain and the flags are kept", async () => {
      const actor = await makeActor("corrupt", 30, { schemaVersion: 1, defenses: { resistances: [{ type: "physical", limit: "lots" }] } });
      const { cards } = await counting(() => actor.update({ [lifePaths(actor)!.value]: 22 } as never));
      assert.equal(life(actor), 22);
      assert.equal(cards.length, 1);
      assert.deepEqual((actor.flags as Record<string, { defenses?: unknown }>)[MODULE_ID]?.defenses, { resistances: [{ type: "physical", limit: "lots" }] });
    });
  });
}

function apiBatch({ describe, it, after, assert }: QuenchContext): void {
  describe("Area hits, undo and the relay", () => {
    after(() => cleanUp());
    it("an area hit writes each actor once and posts ONE card; undo restores them", async () => {
      const actors = await Promise.all(["a", "b", "c"].map((n) => makeActor(n, 20)));
      const spy = Actor.implementation.updateDocuments;
      let calls = 0;
      Actor.implementation.updateDocuments = ((...args: Parameters<typeof spy>) => {
        calls++;
        return spy.apply(Actor.implementation, args);
      }) as typeof spy;
      try {
        const { writes, cards } = await counting(() => api().applyDamage(actors, { parts: [{ amount: 6, types: ["fire"] }], traits: ["burst"] }));
        assert.equal(calls, 1, "one batched update for the world actors");
        assert.deepEqual(actors.map((a) => writes.get(a.id!)), [1, 1, 1]);
        assert.equal(cards.length, 1);
        assert.equal(await api().undo(cards[0]!.id!), "reverted");
        assert.deepEqual(actors.map(life), [20, 20, 20]);
        assert.equal(await api().undo(cards[0]!.id!), "already");
      } finally {
        Actor.implementation.updateDocuments = spy;
      }
    });
    it("the relay refuses an invalid request with a reason", async () => {
      const answer = await (await loadRelayHandler()).handleRelay({ kind: "apply", userId: game.user!.id, targets: [], event: {} }, game.user!.id!);
      assert.equal((answer as { ok: boolean }).ok, false);
    });
  });
}

function dnd5eBatch({ describe, it, after, assert }: QuenchContext): void {
  describe("dnd5e damage application", () => {
    after(() => cleanUp());
    it("dnd5e's applyDamage keeps types and properties and is resolved once", async () => {
      if (game.system?.id !== "dnd5e") return;
      const actor = await makeActor("dnd5e", 30, { schemaVersion: 1, defenses: { resistances: [{ type: "fire" }] } });
      const apply = (actor as unknown as { applyDamage(d: unknown[], o?: object): Promise<unknown> }).applyDamage.bind(actor);
      const { writes, cards } = await counting(() => apply([{ value: 12, type: "fire", properties: new Set(["mgc"]) }], { isDelta: true }));
      assert.equal(writes.get(actor.id!), 1);
      assert.equal(cards.length, 1);
      assert.include(cards[0]!.content ?? "", "magical");
      assert.equal(life(actor), 30 - 6);
    });
  });
}

/**
 * Register the batches with Quench. Called from `quenchReady` by
 * `src/foundry/quench.ts`, which loads this file on demand (its own chunk).
 */
export function registerQuenchBatches(quench: Quench): void {
  quench.registerBatch(`${MODULE_ID}.hud`, hudBatch, { displayName: "Damage Chain: HUD and direct HP" });
  quench.registerBatch(`${MODULE_ID}.api`, apiBatch, { displayName: "Damage Chain: area hits, undo, relay" });
  quench.registerBatch(`${MODULE_ID}.dnd5e`, dnd5eBatch, { displayName: "Damage Chain: dnd5e" });
  quench.registerBatch(`${MODULE_ID}.variableResistance`, variableResistanceBatch, { displayName: "Damage Chain: Variable Resistance shared with allies" });
  quench.registerBatch(`${MODULE_ID}.statuses`, statusBatch, { displayName: "Damage Chain: conditions as status effects" });
  quench.registerBatch(`${MODULE_ID}.applyDialog`, applyDialogBatch, { displayName: "Damage Chain: Apply Damage dialog" });
}
