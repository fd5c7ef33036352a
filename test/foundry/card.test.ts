// @vitest-environment happy-dom
/**
 * The chat card: HTML rendered from the real `templates/chat-card.hbs` with
 * the `handlebars` package and the real lang file, then what each user sees
 * after the `renderChatMessageHTML` hook (GM-only notes, NPC rows, the Undo
 * button), and the visibility setting's whispers.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client, type MessageDouble } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const fire = { parts: [{ amount: 12, types: ["fire"] }], traits: ["burst"], label: "Fireball" };

let world: World;
let gm: Client & { api: ApiLike };
let player: Client & { api: ApiLike };
let targets: ActorDouble[];
const make = (id: string, flags: object, ownership: Record<string, number> = {}) =>
  world.addActor({ id, name: id, type: "npc", system: { attributes: { hp: { value: 30, max: 30 } } }, flags: { "damage-chain": flags }, ownership });

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  world.addUser("p1", false);
  targets = [
    make("warded", { schemaVersion: 1, defenses: { resistances: [{ type: "fire", limit: 5, label: "Fire ward" }], triggers: [{ type: "fire", gains: "slowed" }] } }),
    make("salamander", { schemaVersion: 1, defenses: { immunities: [{ type: "fire" }] } }),
    make("hero", { schemaVersion: 9 }, { p1: 3 }),
  ];
  gm = await world.connect(world.users.get("gm")!);
  player = await world.connect(world.users.get("p1")!);
});

async function applyAsGm(): Promise<MessageDouble> {
  const outcome = await world.as(gm, () => gm.api.applyDamage(targets.map((actor) => ({ actor })), fire));
  await settle();
  return world.messages.get(outcome.messageId!)!;
}

function rendered(client: Client, message: MessageDouble): HTMLElement {
  const el = document.createElement("li");
  el.innerHTML = message.content;
  world.as(client, () => client.hooks.callAll("renderChatMessageHTML", message, el, {}));
  return el;
}

const rows = (el: HTMLElement) => [...el.querySelectorAll<HTMLElement>(".damage-chain-card__target")];
const text = (el: Element | null) => el?.textContent?.replace(/\s+/g, " ").trim();

describe("chat card template", () => {
  it("lists every target with incoming → final, the steps in collapsed detail, resources, conditions and No Effect", async () => {
    const el = rendered(gm, await applyAsGm());
    const [warded, salamander, hero] = rows(el);
    expect(text(el.querySelector(".damage-chain-card__summary"))).toBe("Fireball: 12 fire (burst)");
    expect(text(warded!.querySelector(".damage-chain-card__result"))).toBe("12 → 7");
    const detail = warded!.querySelector("details")!;
    expect(detail.hasAttribute("open")).toBe(false);
    expect(text(detail.querySelector(".damage-chain-card__step-name"))).toBe("Resistance / Vulnerability");
    expect(text(detail.querySelector(".damage-chain-card__defense"))).toBe("Fire ward");
    expect(text(detail.querySelector(".damage-chain-card__change"))).toBe("12 → 7");
    expect(text(warded!.querySelector(".damage-chain-card__resources"))).toBe("HP 30 → 23");
    expect(text(warded!.querySelector(".damage-chain-card__condition"))).toBe("Slowed");
    expect(text(salamander!.querySelector(".damage-chain-card__result"))).toBe("No Effect");
    expect(salamander!.querySelector(".damage-chain-card__resources")).toBeNull();
    // Unreadable flags: applied without the chain, with a GM-only note naming the field.
    expect(hp(targets[2]!)).toBe(18);
    expect(text(hero!.querySelector(".damage-chain-card__bypassed"))).toContain("The chain was skipped");
    expect(text(hero!.querySelector("[data-gm-only]"))).toContain("flags.damage-chain.schemaVersion");
  });

  it("shows players only what the visibility allows, and the Undo button only to those who may undo", async () => {
    const message = await applyAsGm();
    expect(rendered(gm, message).querySelectorAll("[data-gm-only]")).toHaveLength(1);
    const seen = rendered(player, message);
    expect(seen.querySelectorAll("[data-gm-only]")).toHaveLength(0);
    expect(seen.querySelector("[data-action='damage-chain-undo']")).toBeNull();
    expect(rows(seen)).toHaveLength(3);
    await world.setSetting("damage-chain.cardVisibility", "hideNpc");
    expect(rows(rendered(player, message)).map((r) => r.dataset.actorUuid)).toEqual(["Actor.hero"]);
    expect(rows(rendered(gm, message))).toHaveLength(3);
  });

  it("the GM's Undo button reverts the hit and the card then shows it is reverted", async () => {
    const message = await applyAsGm();
    const el = rendered(gm, message);
    world.activate(gm); // the click happens in the GM's browser
    el.querySelector<HTMLButtonElement>("[data-action='damage-chain-undo']")!.click();
    await settle();
    expect(targets.map(hp)).toEqual([30, 30, 30]);
    const again = rendered(gm, message);
    expect(again.querySelector(".damage-chain-card")!.classList.contains("is-reverted")).toBe(true);
    expect(again.querySelector("[data-action='damage-chain-undo']")).toBeNull();
  });

  it("whispers the card to the GMs under `gm`, and under `hideNpc` when every target is an NPC", async () => {
    expect((await applyAsGm()).whisper).toEqual([]);
    await world.setSetting("damage-chain.cardVisibility", "gm");
    expect((await applyAsGm()).whisper).toEqual(["gm"]);
    await world.setSetting("damage-chain.cardVisibility", "hideNpc");
    expect((await applyAsGm()).whisper).toEqual([]);
    targets.pop();
    expect((await applyAsGm()).whisper).toEqual(["gm"]);
  });
});
