// @vitest-environment happy-dom
/**
 * A card that agrees with dnd5e: Fireball (27 fire) from
 * the tray on three goblins at 7 HP, one of them saved (×½). dnd5e's
 * `amount`, as `dnd5e.applyDamage` reports it, and the card's rows say 27, 27
 * and 13; the card's header names the spell and the roll as rolled (27 Fire),
 * not the first target's result nor "dnd5e". dnd5e 5.3.3: the tray passes
 * the roll's message as `originatingMessage`
 * (`damage-application.mjs` `getTargetOptions`), whose item
 * `ChatMessage5e#getAssociatedItem` finds (`chat-message.mjs`).
 */
import { expect, it } from "vitest";
import { DamageTray5e, hp5e } from "./dnd5e-double.ts";
import { drawn, readCard } from "./drawn.ts";
import { unpackTargets } from "../../src/foundry/card/pack-targets.ts";
import { World, settle } from "./double.ts";

it.each(["after", "replace"])("%s: Fireball on goblins at 7 HP: tray, dnd5e.applyDamage and card say 27 (13 saved); the header says Fireball", async (mode) => {
  const world = new World();
  world.systemId = "dnd5e";
  world.addUser("gm", true);
  const goblins = ["g1", "g2", "g3"].map((id) => world.addActor({ id, name: `Goblin ${id}`, type: "npc", system: { attributes: { hp: hp5e(7, 7) }, traits: {} } }));
  const gm = await world.connect(world.users.get("gm")!);
  await world.setSetting("damage-chain.dnd5eMode", mode);
  const amounts: number[] = [];
  world.as(gm, () => Hooks.on("dnd5e.applyDamage", (_a: unknown, amount: number) => void amounts.push(amount)));
  const roll = { id: "roll-1", getAssociatedItem: () => ({ name: "Fireball" }) };
  const tray = new DamageTray5e([{ value: 27, type: "fire", properties: new Set<string>() }], roll);
  tray.targetOptions(goblins[2]!.uuid).multiplier = 0.5;
  expect(goblins.map((g) => tray.preview(g))).toEqual([27, 27, 13]);
  await tray.apply(goblins);
  await settle();
  expect(amounts).toEqual([27, 27, 13]);
  // The double has no dnd5e chat log to group the three applications by (each gets its card here).
  const views = [...world.messages.values()].filter((m) => readCard(m).of === undefined).map((m) => readCard(m).view!);
  expect(new Set(views.map((v) => v.summary))).toEqual(new Set(["Fireball: 27 Fire"]));
  expect(views.flatMap((v) => unpackTargets(v, []).map((t) => t.final))).toEqual([27, 27, 13]);
});

/** What a sighted reader sees of each `selector` in the drawn card `html`: screen-reader words left out, spaces collapsed. */
function seen(html: string, selector: string): string[] {
  const box = document.createElement("div");
  box.innerHTML = html;
  return [...box.querySelectorAll(selector)].map((node) => {
    for (const sr of node.querySelectorAll(".damage-chain-sr")) sr.remove();
    return (node.textContent ?? "").replace(/\s+/g, " ").trim();
  });
}

it("a save is its own line, apart from resistance: the saved goblin reads Saved ×½ → 13, the saved fire-resistant ogre Saved ×½ → 13, Resist Fire → 6; tray, HP and card agree", async () => {
  const world = new World();
  world.systemId = "dnd5e";
  world.addUser("gm", true);
  const goblin = world.addActor({ id: "g1", name: "Goblin", type: "npc", system: { attributes: { hp: hp5e(20, 20) }, traits: {} } });
  const ogre = world.addActor({ id: "o1", name: "Ogre", type: "npc", system: { attributes: { hp: hp5e(59, 59) }, traits: { dr: { value: new Set(["fire"]), bypasses: new Set() } } } });
  await world.connect(world.users.get("gm")!);
  const tray = new DamageTray5e([{ value: 27, type: "fire", properties: new Set<string>() }], { id: "roll-1", getAssociatedItem: () => ({ name: "Fireball" }) });
  for (const a of [goblin, ogre]) tray.targetOptions(a.uuid).multiplier = 0.5;
  // dnd5e 5.3.3 actor.mjs lines 851, 856, 880: 27 × ½ = 13.5 → 13; 27 × ½ halved = 6.75 → 6.
  expect([tray.preview(goblin), tray.preview(ogre)]).toEqual([13, 6]);
  await tray.apply([goblin, ogre]);
  await settle();
  const hpOf = (a: typeof goblin) => (a.system.attributes as { hp: { value: number } }).hp.value;
  expect([hpOf(goblin), hpOf(ogre)]).toEqual([7, 53]);
  const cards = await Promise.all([...world.messages.values()].filter((m) => readCard(m).of === undefined).map((m) => drawn(m)));
  expect(cards.flatMap((html) => seen(html, ".damage-chain-card__line"))).toEqual(["Goblin 27 → 13", "Ogre 27 → 6"]);
  expect(cards.flatMap((html) => seen(html, ".damage-chain-card__hp"))).toEqual(["HP 20 → 7", "HP 59 → 53"]);
  expect(cards.flatMap((html) => seen(html, "summary .damage-chain-card__chain"))).toEqual(["Saved ×½ → 13", "Saved ×½ → 13, Resist Fire → 6"]);
  // The explanation: the save on its own line, then the resistance; never the save inside a step named after traits.
  expect(cards.flatMap((html) => seen(html, ".damage-chain-card__step-name"))).toEqual(["Saved ×½", "Life", "Saved ×½", "Resistance, vulnerability (dnd5e)", "Life"]);
  expect(cards.join("\n")).not.toContain("multiplier (dnd5e)");
  // The world's own profile is not named.
  expect(cards.join("\n")).not.toContain("dnd5e 5.x");
});
