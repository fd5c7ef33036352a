// @vitest-environment happy-dom
/**
 * A card that fits a chat log: from 4 targets up its rows are a compact
 * table, one line per target (name, incoming → dealt, HP bar or "down"),
 * targets with the same outcome sharing a line, the rest folded; the world's
 * own profile is not named, another one is, in plain words. The numbers on
 * the lines are the HP changes written, and the card still undoes every
 * target, those that share a line too.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client, type MessageDouble } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const fire = { parts: [{ amount: 12, types: ["fire"] }], traits: ["burst"], label: "Fireball" };

let world: World;
let gm: Client & { api: ApiLike };
let targets: ActorDouble[];

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  world.addUser("p1", false);
  const goblin = (i: number) => world.addActor({ id: `goblin${i}`, name: "Goblin", type: "npc", system: { attributes: { hp: { value: 7, max: 7 } } } });
  targets = [
    ...[1, 2, 3, 4, 5, 6].map(goblin),
    world.addActor({ id: "ogre", name: "Ogre", type: "npc", system: { attributes: { hp: { value: 59, max: 59 } } }, flags: { "damage-chain": { schemaVersion: 1, defenses: { resistances: [{ type: "fire", limit: 5 }] } } } }),
    world.addActor({ id: "hero", name: "Hero", type: "character", system: { attributes: { hp: { value: 30, max: 30 } } }, ownership: { p1: 3 } }),
  ];
  gm = await world.connect(world.users.get("gm")!);
});

/** The message as the GM's client draws it (the render hook draws the rows from the flags). */
async function rendered(message: MessageDouble): Promise<HTMLElement> {
  const el = document.createElement("li");
  el.innerHTML = message.content;
  world.as(gm, () => gm.hooks.callAll("renderChatMessageHTML", message, el, {}));
  await world.as(gm, () => settle());
  return el;
}

/** What a sighted reader sees of each `selector` in `el`: screen-reader words left out, spaces collapsed. */
const seen = (el: HTMLElement, selector: string) =>
  [...el.querySelectorAll(selector)].map((node) => {
    const copy = node.cloneNode(true) as Element;
    for (const sr of copy.querySelectorAll(".damage-chain-sr")) sr.remove();
    return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
  });

async function apply(options?: object): Promise<MessageDouble> {
  const outcome = await world.as(gm, () => gm.api.applyDamage(targets.map((actor) => ({ actor })), fire, options));
  await settle();
  return world.messages.get(outcome.messageId!)!;
}

describe("a card for 4 targets and more", () => {
  it("is a table of one line per outcome, the six goblins on one; the lines agree with the HP written; undo restores all eight", async () => {
    const el = await rendered(await apply());
    expect(el.querySelector(".damage-chain-card--table")).not.toBeNull();
    expect(seen(el, ".damage-chain-card__line")).toEqual(["Goblin ×6 12 → 12 (7 HP lost) down", "Ogre 12 → 7", "Hero 12 → 12"]);
    expect(targets.map(hp)).toEqual([0, 0, 0, 0, 0, 0, 52, 18]);
    // Folded under the line: the steps and the HP figures.
    expect(seen(el, ".damage-chain-card__fold .damage-chain-card__hp")).toEqual(["HP 7 → 0", "HP 59 → 52", "HP 30 → 18"]);
    expect(seen(el, ".damage-chain-card__steps-line")).toEqual(["Resist 5 Fire → 7"]);
    expect([...el.querySelectorAll("details[data-row]")].every((d) => !(d as HTMLDetailsElement).open)).toBe(true);
    world.activate(gm);
    el.querySelector<HTMLButtonElement>("[data-action='damage-chain-undo']")!.click();
    await settle();
    expect(targets.map(hp)).toEqual([7, 7, 7, 7, 7, 7, 59, 30]);
  });

  it("under hideNpc: the players' card has the hero's row, the GM part the NPCs' table", async () => {
    await world.setSetting("damage-chain.cardVisibility", "hideNpc");
    const message = await apply();
    const card = await rendered(message);
    expect(card.querySelector(".damage-chain-card--table")).toBeNull();
    expect(seen(card, ".damage-chain-card__line")).toEqual(["Hero 12 → 12"]);
    const part = [...world.messages.values()].find((m) => m.id !== message.id)!;
    expect(seen(await rendered(part), ".damage-chain-card__line")).toEqual(["Goblin ×6 12 → 12 (7 HP lost) down", "Ogre 12 → 7"]);
  });
});

describe("the profile on a card", () => {
  it("is not named when it is the world's own; another is named in plain words", async () => {
    const own = await rendered(await apply());
    expect(own.querySelector(".damage-chain-card__profile")).toBeNull();
    expect(own.textContent).not.toContain("Revised 4E");
    const other = await rendered(await apply({ profile: "layered-armor" }));
    expect(seen(other, ".damage-chain-card__profile")).toEqual(["Rules used: Layered armor (000)"]);
  });
});
