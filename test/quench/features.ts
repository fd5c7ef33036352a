/**
 * Quench batches for two adapter features (not part of CI): Variable
 * Resistance shared with allies on a scene (seed 001 "A note on Variable
 * Resistance"), and conditions turned into Foundry status effects, each undone
 * from the card. Same checks as `test/foundry/allies.test.ts` and
 * `statuses.test.ts` against the double.
 */
import { openApplyDialog } from "../../src/foundry/apps/apply-dialog.ts";
import { setSetting, setting } from "../../src/foundry/settings/settings.ts";
import { statusFor } from "../../src/foundry/actor/statuses.ts";
import { api, cleanUp, counting, makeActor, makeScene, storedState, type QuenchContext } from "./support.ts";

const PROFILE = "damage-chain-quench";

/** A throwaway profile with the steps a batch needs; removed by the returned function. */
function useProfile(steps: string[]): () => void {
  api().profiles.register({ id: PROFILE, name: "Damage Chain Quench", steps: steps.map((step) => ({ step })) });
  return () => void api().profiles.unregister(PROFILE);
}

/** Variable Resistance: one user among allied demons hit at once, its result shared with allied demons, one card, undo. */
export function variableResistanceBatch({ describe, it, after, assert }: QuenchContext): void {
  describe("Variable Resistance shared with allies", () => {
    after(() => cleanUp());
    it("an area hit on two allied demons: one result for every allied demon, one write each, one card; undo restores them", async () => {
      const remove = useProfile(["life", "variableResistance"]);
      try {
        const demon = { schemaVersion: 1, defenses: { keywords: ["variableResistance"] } };
        const [a, b, c, foe] = await Promise.all([makeActor("demon a", 30, demon), makeActor("demon b", 30, demon), makeActor("demon c", 30, demon), makeActor("foe", 30, demon)]);
        await makeScene([[a!, -1], [b!, -1], [c!, -1], [foe!, 1]]);
        const { writes, cards } = await counting(() => api().applyDamage([a!, b!], { parts: [{ amount: 6, types: ["fire"] }] }, { profile: PROFILE }));
        const used = storedState(a!)?.variableResistance;
        assert.ok(used, "the hit demons have a Variable Resistance");
        assert.deepEqual(storedState(b!)?.variableResistance, used, "only one of the two used it");
        assert.deepEqual(storedState(c!)?.variableResistance, used, "the allied demon that was not hit got it");
        assert.equal(storedState(foe!)?.variableResistance, undefined, "a demon of another disposition is no ally");
        assert.deepEqual([a, b, c].map((x) => writes.get(x!.id!)), [1, 1, 1]);
        assert.equal(cards.length, 1);
        assert.include(cards[0]!.content ?? "", "shared with 2 allies");
        assert.equal(await api().undo(cards[0]!.id!), "reverted");
        assert.deepEqual([a, b, c].map((x) => storedState(x!)?.variableResistance), [undefined, undefined, undefined]);
      } finally {
        remove();
      }
    });
  });
}

/** Conditions as status effects: turned on by the hit, off by undo, a status the actor had is kept. */
export function statusBatch({ describe, it, after, assert }: QuenchContext): void {
  describe("Conditions as status effects", () => {
    const was = setting("applyStatusEffects");
    after(async () => {
      await setSetting("applyStatusEffects", was);
      await cleanUp();
    });
    it("a trigger's conditions turn on their statuses; undo turns off only those the hit turned on", async () => {
      const prone = statusFor("prone");
      const blinded = statusFor("blinded");
      if (prone === undefined || blinded === undefined) return; // the system has no such statuses
      await setSetting("applyStatusEffects", true);
      const remove = useProfile(["life", "triggers"]);
      try {
        const actor = await makeActor("statuses", 30, { schemaVersion: 1, defenses: { triggers: [{ type: "cold", gains: "prone" }, { type: "cold", gains: "blinded" }] } });
        await actor.toggleStatusEffect(blinded, { active: true });
        const { writes, cards } = await counting(() => api().applyDamage([actor], { parts: [{ amount: 5, types: ["cold"] }] }, { profile: PROFILE }));
        assert.equal(writes.get(actor.id!), 1);
        assert.equal(cards.length, 1);
        assert.ok(actor.statuses.has(prone), "the hit turned prone on");
        assert.equal(await api().undo(cards[0]!.id!), "reverted");
        assert.ok(!actor.statuses.has(prone), "undo turned prone off");
        assert.ok(actor.statuses.has(blinded), "the status the actor had before stays");
      } finally {
        remove();
      }
    });
  });
}

/** The Apply Damage dialog: opening it again brings the open one to the front instead of a second, orphaned copy. */
export function applyDialogBatch({ describe, it, assert }: QuenchContext): void {
  describe("Apply Damage dialog", () => {
    it("opens once; a second open keeps the same instance", async () => {
      openApplyDialog();
      await new Promise((r) => setTimeout(r, 200));
      const first = foundry.applications.instances.get("damage-chain-apply");
      assert.ok(first, "the dialog is rendered");
      openApplyDialog();
      await new Promise((r) => setTimeout(r, 200));
      assert.ok(foundry.applications.instances.get("damage-chain-apply") === first, "the same instance");
      await first!.close();
    });
  });
}
