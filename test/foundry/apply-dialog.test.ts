// @vitest-environment happy-dom
/**
 * The Apply Damage dialog's roll and per-target preview: a
 * formula is rolled with Foundry's `Roll` (the double's), the preview lists
 * what the hit does to each target without writing, and the applied result
 * is the previewed one for the same rolled total.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eventFromForm } from "../../src/foundry/apps/apply-dialog.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";

let world: World;
let gm: Client & { api: ApiLike };
let ogre: ActorDouble;
let imp: ActorDouble;
let dialog: typeof import("../../src/foundry/apps/apply-preview.ts");
let card: typeof import("../../src/foundry/localizer.ts");
const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  ogre = world.addActor({ id: "ogre", name: "Ogre", type: "npc", system: { attributes: { hp: { value: 40, max: 40 } } }, flags: { "damage-chain": { schemaVersion: 1, defenses: { resistances: [{ type: "fire", limit: 5 }] } } } });
  imp = world.addActor({ id: "imp", name: "Imp", type: "npc", system: { attributes: { hp: { value: 40, max: 40 } } }, flags: { "damage-chain": { schemaVersion: 1, defenses: { immunities: [{ type: "fire" }] } } } });
  gm = await world.connect(world.users.get("gm")!);
  dialog = await import("../../src/foundry/apps/apply-preview.ts");
  card = await import("../../src/foundry/localizer.ts");
});

describe("Apply Damage dialog: rolls and preview", () => {
  it("rolls a formula once into a whole total >= 0; a plain number is taken as it is; anything else is refused", async () => {
    await world.as(gm, async () => {
      const rolled = await dialog.rollAmount("2d6+3");
      expect(rolled?.formula).toBe("2d6+3");
      expect(rolled!.total).toBeGreaterThanOrEqual(5);
      expect(rolled!.total).toBeLessThanOrEqual(15);
      expect(await dialog.rollAmount(" 12 ")).toEqual({ total: 12 });
      expect(await dialog.rollAmount("1d4-10")).toMatchObject({ total: 0 });
      for (const bad of ["", "fire", "2d"]) expect(await dialog.rollAmount(bad)).toBeUndefined();
    });
  });

  it("previews each target without writing, and applying the same total deals what was previewed", async () => {
    await world.as(gm, async () => {
      const amount = (await dialog.rollAmount("3d6+10"))!;
      const event = eventFromForm({ types: "fire", label: "Fireball" }, amount);
      expect(event.label).toBe(`Fireball: 3d6+10 = ${amount.total}`);
      const rows = dialog.previewRows([ogre, imp] as never[], event, card.localizer());
      expect(world.writes).toEqual([]);
      expect(rows.map((r) => [r.name, r.incoming])).toEqual([["Ogre", amount.total], ["Imp", amount.total]]);
      expect(rows[1]!.dealt).toBe(0);
      expect(rows[0]!.change).toBe(`HP 40 → ${40 - rows[0]!.dealt}`);
      await gm.api.applyDamage([{ actor: ogre }, { actor: imp }], event);
      await settle();
      expect([hp(ogre), hp(imp)]).toEqual([40 - rows[0]!.dealt, 40]);
    });
  });
});

describe("Apply Damage dialog: each target's share", () => {
  it("Fireball on 24 targets, 8 rows set to 'saved: half': the preview says 13 for those, and applying posts one card with 24 rows, the 8 saying half", async () => {
    const { sharesFromForm, targetsWithShares } = await import("../../src/foundry/apps/apply-shares.ts");
    const { readCard, drawn } = await import("./drawn.ts");
    const { unpackTargets } = await import("../../src/foundry/card/pack-targets.ts");
    const goblins = Array.from({ length: 24 }, (_v, i) => world.addActor({ id: `g${i}`, name: `Goblin ${i + 1}`, type: "npc", system: { attributes: { hp: { value: 40, max: 40 } } } }));
    const values: Record<string, unknown> = { label: "Fireball", "type.fire": true };
    goblins.forEach((g, i) => (values[`share:${g.uuid}`] = i < 8 ? "0.5" : "1"));
    values["share:__proto__"] = "0.5"; // a row that names no target changes nothing
    await world.as(gm, async () => {
      const event = eventFromForm(values, { total: 27 });
      const rows = dialog.previewRows(goblins as never[], event, card.localizer(), sharesFromForm(values));
      expect(rows.map((r) => r.dealt)).toEqual(goblins.map((_g, i) => (i < 8 ? 13 : 27)));
      expect(world.writes).toEqual([]);
      await gm.api.applyDamage(targetsWithShares(goblins as never[], values), event);
    });
    await settle();
    expect(world.messages.size).toBe(1);
    const message = [...world.messages.values()][0]!;
    const flags = readCard(message);
    expect(unpackTargets(flags.view!, flags.deltas.map((d) => d.uuid))).toHaveLength(24);
    expect((await drawn(message)).match(/damage-chain-card__share">saved: half</g)).toHaveLength(8);
    expect(goblins.map(hp)).toEqual(goblins.map((_g, i) => (i < 8 ? 27 : 13)));
  });
});

describe("Apply Damage dialog: a hit of several parts", () => {
  it("reads '2d6 slashing + 1d6 fire' as two parts, each rolled on its own; '2d6+3' stays one formula; a bare type word is refused", async () => {
    const { amountTerms } = dialog;
    expect(amountTerms("2d6 slashing + 1d6 fire")).toEqual([{ formula: "2d6", types: ["slashing"] }, { formula: "1d6", types: ["fire"] }]);
    expect(amountTerms("2d6+3")).toEqual([{ formula: "2d6+3", types: [] }]);
    expect(amountTerms("fire")).toBeUndefined();
    await world.as(gm, async () => {
      const rolled = (await dialog.rollAmount("2d6 slashing + 1d6 fire"))!;
      expect(rolled.parts!.map((p) => p.types)).toEqual([["slashing"], ["fire"]]);
      expect(rolled.total).toBe(rolled.parts![0]!.total + rolled.parts![1]!.total);
      const event = eventFromForm({ label: "Flame blade" }, rolled);
      expect((event.parts as { types: string[] }[]).map((p) => p.types)).toEqual([["slashing"], ["fire"]]);
    });
  });

  it("'2d6 slashing + 1d6 fire' with slashing left out for one target: that target's row and card show only the fire", async () => {
    const { sharesFromForm, targetsWithShares } = await import("../../src/foundry/apps/apply-shares.ts");
    const { drawn } = await import("./drawn.ts");
    const a = world.addActor({ id: "a", name: "Ash", type: "npc", system: { attributes: { hp: { value: 40, max: 40 } } } });
    const b = world.addActor({ id: "b", name: "Birch", type: "npc", system: { attributes: { hp: { value: 40, max: 40 } } } });
    const amount = { total: 11, formula: "2d6 slashing + 1d6 fire", parts: [{ total: 7, formula: "2d6", types: ["slashing"] }, { total: 4, formula: "1d6", types: ["fire"] }] };
    // Ash's row: both boxes ticked; Birch's row: the slashing box cleared (an unticked box is absent from the form).
    const values: Record<string, unknown> = { [`parts:${a.uuid}`]: "2", [`part:${a.uuid}:0`]: "on", [`part:${a.uuid}:1`]: "on", [`parts:${b.uuid}`]: "2", [`part:${b.uuid}:1`]: "on" };
    await world.as(gm, async () => {
      const event = eventFromForm(values, amount);
      const rows = dialog.previewRows([a, b] as never[], event, card.localizer(), sharesFromForm(values));
      expect(rows.map((r) => r.dealt)).toEqual([11, 4]);
      await gm.api.applyDamage(targetsWithShares([a, b] as never[], values), event);
    });
    await settle();
    expect([hp(a), hp(b)]).toEqual([29, 36]);
    const html = await drawn([...world.messages.values()][0]!);
    expect(html).toContain("2d6 slashing + 1d6 fire &#x3D; 7 + 4: 7 Slashing + 4 Fire"); // the header: each part as rolled
    expect(html.match(/damage-chain-card__share">only Fire</g)).toHaveLength(1);
  });
});

describe("Apply Damage dialog: a reaction taken when the damage is applied (SRD 5.2 Rogue, Uncanny Dodge)", () => {
  it("dnd5e world: a row offers the target's reactions unticked; ticked, the hit on that target is halved, the other target takes it whole, and the card names it", async () => {
    world = new World();
    world.systemId = "dnd5e";
    world.addUser("gm", true);
    gm = await world.connect(world.users.get("gm")!);
    dialog = await import("../../src/foundry/apps/apply-preview.ts");
    card = await import("../../src/foundry/localizer.ts");
    const { reactionBoxes, sharesFromForm, targetsWithShares } = await import("../../src/foundry/apps/apply-shares.ts");
    const { drawn } = await import("./drawn.ts");
    const rogue = world.addActor({ id: "rogue", name: "Rogue", type: "character", system: { attributes: { hp: { value: 40, max: 40 } } }, flags: { "damage-chain": { schemaVersion: 1, defenses: { reactions: [{ id: "uncanny-dodge", label: "Uncanny Dodge", effect: "halve", condition: "attack" }] } } } });
    const fighter = world.addActor({ id: "fighter", name: "Fighter", type: "character", system: { attributes: { hp: { value: 40, max: 40 } } } });
    await world.as(gm, async () => {
      const boxes = reactionBoxes(rogue.uuid, "Rogue", [{ id: "uncanny-dodge", label: "Uncanny Dodge" }], undefined);
      const box = boxes[0]!.querySelector("input")!;
      expect(box.checked).toBe(false);
      expect(box.name).toBe(`reaction:${rogue.uuid}:uncanny-dodge`);
      const values: Record<string, unknown> = { label: "Greatsword", "type.slashing": true, [box.name]: "on", [`reaction:${fighter.uuid}:`]: "on" };
      const event = eventFromForm(values, { total: 15 });
      expect(sharesFromForm(values).get(rogue.uuid)?.reactions).toEqual(["uncanny-dodge"]);
      expect(dialog.previewRows([rogue, fighter] as never[], event, card.localizer(), sharesFromForm(values)).map((r) => r.dealt)).toEqual([7, 15]);
      await gm.api.applyDamage(targetsWithShares([rogue, fighter] as never[], values), event);
    });
    await settle();
    expect([hp(rogue), hp(fighter)]).toEqual([33, 25]);
    expect(await drawn([...world.messages.values()].at(-1)!)).toContain("Uncanny Dodge");
  });
});
