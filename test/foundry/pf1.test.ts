// @vitest-environment happy-dom
/**
 * Pathfinder 1e as a new GM meets it: PF1 applies damage through its static
 * `ActorPF.applyDamage` and computes no reduction; with the module, each
 * application runs through the `pf1` profile once per target, with the
 * instances' types and the weapon's material, in one write and one card,
 * and the card's Undo restores it. Double: `pf1-double.ts` (pf1 v10.8).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client, type MessageDouble } from "./double.ts";
import { applyDamagePf1, attackFlags, giveWeapon, instances, usePf1, type Pf1HpDouble } from "./pf1-double.ts";
import { cardFlags } from "../../src/foundry/card/flags.ts";

let world: World;
let gm: Client & { api: ApiLike };
const hp = (a: ActorDouble) => (a.system.attributes as { hp: Pf1HpDouble }).hp;
const chainCards = (): MessageDouble[] => [...world.messages.values()].filter((m) => cardFlags(m as unknown as ChatMessage.Implementation) !== undefined);
const traits = (t: Record<string, unknown> = {}) => ({ hardness: 0, cres: "", dr: { value: [], custom: "" }, eres: { value: [], custom: "" }, di: { value: [], custom: [] }, dv: { value: [], custom: [] }, ...t });
/** The werewolf of the acceptance: DR 5/silver and fire resistance 10 (as PF1's DR and ER editors store them). */
const werewolf = () => world.addActor({
  id: "werewolf", name: "Werewolf", type: "npc",
  system: { attributes: { hp: { value: 40, max: 40, temp: 0, nonlethal: 0 } }, traits: traits({ dr: { value: [{ amount: 5, operator: true, types: ["alchemicalSilver", ""] }], custom: "" }, eres: { value: [{ amount: 10, operator: true, types: ["fire", ""] }], custom: "" } }) },
});

beforeEach(() => {
  world = new World();
  usePf1(world);
  world.addUser("gm", true);
});
/** The card's text as the GM's client shows it (its content, then the render hook that draws the rows and steps). */
async function shown(message: MessageDouble): Promise<string> {
  const el = document.createElement("li");
  el.innerHTML = message.content;
  world.as(gm, () => gm.hooks.callAll("renderChatMessageHTML", message, el, {}));
  // The rows are drawn once the lazily loaded drawing code has arrived (`card/render.ts`, its own chunk): wait for them.
  for (let i = 0; i < 100 && el.querySelector("details[data-row]") === null; i++) await world.as(gm, () => settle());
  // Open each row's "How the chain worked it out": its steps are written out then (`card/render.ts`).
  for (const details of el.querySelectorAll<HTMLDetailsElement>("details[data-row]")) {
    details.open = true;
    details.dispatchEvent(new Event("toggle"));
  }
  await world.as(gm, () => settle());
  return (el.textContent ?? "").replace(/\s+/g, " ");
}
const connect = async () => (gm = (await world.connect(world.users.get("gm")!)) as typeof gm);

/** PF1's attack card for `weapon` of the fighter, and the button's call with `value` of `type`. */
async function swing(fighter: ActorDouble, weapon: string, target: ActorDouble, value: number, type: string, extra: Record<string, unknown> = {}) {
  const message = await world.createMessage({ content: "<p>attack</p>", flags: attackFlags(fighter, weapon) });
  await applyDamagePf1(value, { instances: instances([value, type]), message, targets: [target], ...extra });
  await settle();
}

describe("PF1: the acceptance creature (DR 5/silver, fire resistance 10)", () => {
  let wolf: ActorDouble;
  let fighter: ActorDouble;
  beforeEach(async () => {
    wolf = werewolf();
    fighter = world.addActor({ id: "fighter", name: "Fighter", type: "character", system: { attributes: { hp: { value: 30, max: 30, temp: 0, nonlethal: 0 } }, traits: traits() } });
    giveWeapon(fighter, "iron", "Cold Iron Longsword", { normal: "coldIron" });
    giveWeapon(fighter, "silver", "Silver Longsword", { normal: "alchemicalSilver" });
    giveWeapon(fighter, "mithral", "Mithral Rapier", { normal: "mithral" });
    await connect();
  });

  it("12 slashing from a cold-iron sword deals 7: one write, one card that names DR 5/Silver", async () => {
    await swing(fighter, "iron", wolf, 12, "slashing");
    expect(hp(wolf).value).toBe(33);
    expect(world.actorWrites()).toHaveLength(1);
    expect(chainCards()).toHaveLength(1);
    const card = await shown(chainCards()[0]!);
    expect(card).toContain("Cold Iron Longsword: 12 Slashing (Cold iron)");
    expect(card).toContain("DR 5/Silver → to 7");
    expect(card).toContain("DR 5/Silver: −5.");
  });

  it("12 slashing from a silver sword deals 12, and the card says the DR was overcome", async () => {
    await swing(fighter, "silver", wolf, 12, "slashing");
    expect(hp(wolf).value).toBe(28);
    expect(await shown(chainCards()[0]!)).toContain("DR 5/Silver: overcome by this attack.");
  });

  it("a mithral rapier counts as silver (PF1's treatedAs): 12 piercing deals 12", async () => {
    await swing(fighter, "mithral", wolf, 12, "piercing");
    expect(hp(wolf).value).toBe(28);
  });

  it("15 fire deals 5, the card naming the resistance", async () => {
    await applyDamagePf1(15, { instances: instances([15, "fire"]), targets: [wolf] });
    await settle();
    expect(hp(wolf).value).toBe(35);
    expect(await shown(chainCards()[0]!)).toMatch(/Resist Fire 10/);
  });

  it("undo restores HP", async () => {
    await swing(fighter, "iron", wolf, 12, "slashing");
    expect(hp(wolf).value).toBe(33);
    expect(await gm.api.undo(chainCards()[0]!.id)).toBe("reverted");
    expect(hp(wolf).value).toBe(40);
  });

  it("nonlethal damage goes to hp.nonlethal, after DR, and undo takes it back", async () => {
    await swing(fighter, "iron", wolf, 12, "bludgeoning", { asNonlethal: true });
    expect([hp(wolf).value, hp(wolf).nonlethal]).toEqual([40, 7]);
    expect(world.actorWrites()).toHaveLength(1);
    expect(await gm.api.undo(chainCards()[0]!.id)).toBe("reverted");
    expect([hp(wolf).value, hp(wolf).nonlethal]).toEqual([40, 0]);
  });

  it("the half button (value = half the instances) takes half of the hit before DR: 13 slashing halved is 6, less 5 → 1", async () => {
    const message = await world.createMessage({ content: "<p>attack</p>", flags: attackFlags(fighter, "iron") });
    await applyDamagePf1(6, { instances: instances([13, "slashing"]), message, targets: [wolf] });
    await settle();
    expect(hp(wolf).value).toBe(39);
  });

  it("hit points go below 0 as in PF1: 50 fire on 40 HP, less 10 → −0", async () => {
    await applyDamagePf1(60, { instances: instances([60, "fire"]), targets: [wolf] });
    await settle();
    expect(hp(wolf).value).toBe(-10);
  });

  it("the instance method (actor.applyDamage → this.constructor.applyDamage) and the controlled tokens go the same way", async () => {
    gm.controlled.push({ actor: wolf });
    await applyDamagePf1(12, { instances: instances([12, "slashing"]) });
    await settle();
    expect(hp(wolf).value).toBe(33);
    expect(chainCards()).toHaveLength(1);
  });

  it("healing stays PF1's own", async () => {
    await applyDamagePf1(12, { instances: instances([12, "slashing"]), targets: [wolf] });
    await settle();
    await applyDamagePf1(-5, { targets: [wolf] });
    await settle();
    expect(hp(wolf).value).toBe(38);
    expect(chainCards()).toHaveLength(1);
  });
});

describe("PF1: the Defenses tab's summary of PF1's own traits", () => {
  it("lists immunities, DR and resistance (PF1's parseResistances), hardness and vulnerabilities, and opens PF1's editors from the sheet", async () => {
    const golem = world.addActor({ id: "golem", name: "Golem", type: "npc", system: { attributes: { hp: { value: 40, max: 40, temp: 0, nonlethal: 0 } }, traits: traits({ hardness: 8, di: { value: ["fire"], custom: [] }, dv: { value: ["cold"], custom: ["sonic"] } }) } });
    // ActorPF#parseResistances (actor-pf.mjs lines 3706-3761): each entry as PF1 writes it.
    Object.assign(golem, { parseResistances: (kind: string) => (kind === "dr" ? { 1: "5/Adamantine" } : { 1: "Acid 10" }) });
    await connect();
    const { pf1TraitSummary, openPf1TraitEditor } = await import("../../src/foundry/systems/pf1/trait-summary.ts");
    const summary = world.as(gm, () => pf1TraitSummary(golem as unknown as Actor.Implementation));
    expect(summary.reading).toBe("profile");
    expect(summary.clauses.map((c) => [c.kind, c.items])).toEqual([
      ["immune", ["PF1.DamageTypes.fire.Label"]],
      ["resistant", ["5/Adamantine", "Acid 10", "Hardness 8"]],
      ["vulnerable", ["PF1.DamageTypes.cold.Label", "sonic"]],
    ]);
    // The sheet's own control (actor-traits.hbs line 58), clicked from inside the sheet.
    const sheet = document.createElement("div");
    sheet.className = "app";
    sheet.innerHTML = '<a class="resistance-selector" data-for="system.traits.dr" data-options="dr"></a><section class="tab"><button></button></section>';
    let clicked = 0;
    sheet.querySelector("a")!.addEventListener("click", () => clicked++);
    expect(openPf1TraitEditor(golem as unknown as Actor.Implementation, "dr", sheet.querySelector("button")!)).toBe(true);
    expect(openPf1TraitEditor(golem as unknown as Actor.Implementation, "dv", sheet.querySelector("button")!)).toBe(false);
    expect(clicked).toBe(1);
  });
});
