// @vitest-environment happy-dom
/**
 * A card that agrees with dnd5e (issue 21 §4, §5): Fireball (27 fire) from
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
import { readCard } from "./drawn.ts";
import { unpackTargets } from "../../src/foundry/card/stored.ts";
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
