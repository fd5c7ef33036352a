// @vitest-environment happy-dom
/**
 * The chat card: HTML rendered from the real `templates/chat-card.hbs` with
 * the `handlebars` package and the real lang file, then what each user sees
 * after the `renderChatMessageHTML` hook (GM-only notes, NPC rows, the Undo
 * button), and the visibility setting's whispers.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { unpackTargets } from "../../src/foundry/card/pack-targets.ts";
import { readCard } from "./drawn.ts";
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

/** The message as `client` shows it: its content, then the render hook, which draws the rows from the flags. */
async function rendered(client: Client, message: MessageDouble): Promise<HTMLElement> {
  const el = document.createElement("li");
  el.innerHTML = message.content;
  world.as(client, () => client.hooks.callAll("renderChatMessageHTML", message, el, {}));
  await world.as(client, () => settle());
  return el;
}

const rows = (el: HTMLElement) => [...el.querySelectorAll<HTMLElement>(".damage-chain-card__target")];
const text = (el: Element | null) => el?.textContent?.replace(/\s+/g, " ").trim();

describe("chat card template", () => {
  it("lists every target: incoming → dealt, the HP bar, the steps (the fold's summary), conditions and No Effect", async () => {
    const el = await rendered(gm, await applyAsGm());
    const [warded, salamander, hero] = rows(el);
    expect(text(el.querySelector(".damage-chain-card__summary"))).toBe("Fireball: 12 Fire (Burst)");
    // The world's own profile goes without saying.
    expect(el.querySelector(".damage-chain-card__profile")).toBeNull();
    const seen = (node: Element | null) => {
      const copy = node!.cloneNode(true) as Element;
      for (const sr of copy.querySelectorAll(".damage-chain-sr")) sr.remove();
      return text(copy);
    };
    expect(seen(warded!.querySelector(".damage-chain-card__line"))).toBe("warded 12 → 7");
    expect(seen(warded!.querySelector(".damage-chain-card__hp"))).toBe("HP 30 → 23");
    expect(warded!.querySelector<HTMLElement>(".damage-chain-card__left")!.getAttribute("style")).toBe("width: 77%");
    expect(seen(warded!.querySelector("summary .damage-chain-card__chain"))).toBe("Fire ward → 7");
    // Screen readers skip the arrows: "incoming 12, dealt 7", "Fire ward to 7".
    const spoken = (node: Element): string => [...node.childNodes].map((c) => (c.nodeType === 3 ? c.textContent : (c as Element).getAttribute("aria-hidden") === "true" ? "" : spoken(c as Element))).join("");
    expect(spoken(warded!.querySelector(".damage-chain-card__result")!).replace(/\s+/g, " ").trim()).toBe("incoming 12, dealt 7");
    expect(spoken(warded!.querySelector(".damage-chain-card__chain")!).replace(/\s+/g, " ").trim()).toBe("Fire ward to 7");
    // The explanation is not in the message: it is drawn from the stored trace when the reader opens the row.
    const detail = warded!.querySelector("details")!;
    expect(detail.hasAttribute("open")).toBe(false);
    expect(detail.querySelector(".damage-chain-card__step")).toBeNull();
    detail.open = true;
    detail.dispatchEvent(new Event("toggle"));
    await world.as(gm, () => settle());
    expect(text(detail.querySelector(".damage-chain-card__step-name"))).toBe("Resistance / Vulnerability");
    expect(text(detail.querySelector(".damage-chain-card__defense"))).toBe("Fire ward");
    expect(text(detail.querySelector(".damage-chain-card__change"))).toBe("12 → 7");
    expect(text(warded!.querySelector(".damage-chain-card__condition"))).toBe("Slowed");
    expect(text(salamander!.querySelector(".damage-chain-card__result"))).toBe("No Effect");
    expect(salamander!.querySelector(".damage-chain-card__hp")).toBeNull();
    // Unreadable flags: applied without the chain; the card says so, the GM part names the field.
    expect(hp(targets[2]!)).toBe(18);
    expect(text(hero!.querySelector(".damage-chain-card__bypassed"))).toContain("The chain was skipped");
    expect(hero!.querySelector(".damage-chain-card__warnings")).toBeNull();
  });

  it("keeps GM notes out of the card: they go to a GM part whispered to the GMs, which undoing the card also marks", async () => {
    const message = await applyAsGm();
    const part = [...world.messages.values()].find((m) => m.id !== message.id)!;
    expect(world.messages.size).toBe(2);
    expect(part.whisper).toEqual(["gm"]);
    expect(readCard(part)).toMatchObject({ of: message.id, deltas: [] });
    const notes = await rendered(gm, part);
    expect(text(notes.querySelector(".damage-chain-card__title"))).toBe("Damage Chain: GM notes");
    expect(rows(notes).map((r) => r.dataset.actorUuid)).toEqual(["Actor.hero"]);
    expect(text(notes.querySelector(".damage-chain-card__warnings"))).toContain("Version 9 was written by a newer Damage Chain"); // the GM's words, no internal path
    expect(notes.querySelector("[data-action='damage-chain-undo']")).toBeNull();
    const seen = await rendered(player, message);
    expect(seen.querySelector("[data-action='damage-chain-undo']")).toBeNull();
    expect(rows(seen)).toHaveLength(3);
  });

  it("a player's client receives no GM-only text in any chat message's content or flags, under every visibility", async () => {
    const p1 = world.users.get("p1")!;
    for (const visibility of ["public", "hideNpc", "gm"]) {
      world.messages.clear();
      await world.setSetting("damage-chain.cardVisibility", visibility);
      await applyAsGm();
      const received = [...world.messages.values()].filter((m) => m.visibleTo(p1));
      const all = received.map((m) => m.content + JSON.stringify(m.flags)).join("\n");
      // The GM notes, whatever their wording: every note any stored row of any message carries.
      const notes = [...world.messages.values()].flatMap((m) => unpackTargets(readCard(m).view!, []).flatMap((t) => t.warnings));
      expect(notes.length).toBeGreaterThan(0);
      expect(all).not.toContain("Version 9 was written");
      for (const note of notes) {
        expect(all).not.toContain(note);
        expect(all).not.toContain(JSON.stringify(note).slice(1, -1));
      }
      if (visibility !== "public") {
        expect(all).not.toContain("warded");
        expect(all).not.toContain("salamander");
      }
      // Nothing is lost for the GMs: every row and note is in a message they receive.
      const gmSees = [...world.messages.values()].filter((m) => m.visibleTo(world.users.get("gm")!)).map((m) => m.content + JSON.stringify(m.flags)).join("");
      for (const text of ["warded", "salamander", "hero", ...notes.map((n) => JSON.stringify(n).slice(1, -1))]) expect(gmSees).toContain(text);
    }
  });

  it("a garbled stored card from any user neither breaks the chat log nor draws markup from its text", async () => {
    const named = await world.as(player, () => (globalThis as unknown as { ChatMessage: { implementation: { create(d: object): Promise<unknown> } } }).ChatMessage.implementation.create({
      content: '<section class="damage-chain-card" data-stored></section>',
      flags: { "damage-chain": { card: { version: 2, applier: "p1", reverted: false, undo: { paths: [], values: [], rows: [] }, view: { summary: "<b>x</b>", profile: "", entries: [{ defenses: 5 }], imgs: [], lines: [], rows: [{ n: "<img src=x onerror=alert(1)>", i: 1, f: 1, e: [0] }, { bogus: true }] } } } },
    }));
    const drawnEl = await rendered(gm, named as MessageDouble);
    expect(drawnEl.querySelector("img")).toBeNull();
    expect(drawnEl.querySelector("b")).toBeNull();
    expect(rows(drawnEl)).toHaveLength(1);
    expect(text(drawnEl.querySelector(".damage-chain-card__name"))).toBe("<img src=x onerror=alert(1)>");
    // Its explanation cannot be written out: opening it logs the error and leaves the list empty.
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const detail = drawnEl.querySelector("details")!;
    detail.open = true;
    detail.dispatchEvent(new Event("toggle"));
    await world.as(gm, () => settle());
    expect(detail.querySelectorAll(".damage-chain-card__step")).toHaveLength(0);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it("under hideNpc, undoing the card restores the NPC rows kept in the GM part, and a forged part from a player is ignored", async () => {
    await world.setSetting("damage-chain.cardVisibility", "hideNpc");
    const message = await applyAsGm();
    expect(rows(await rendered(player, message)).map((r) => r.dataset.actorUuid)).toEqual(["Actor.hero"]);
    expect(JSON.stringify(message.flags)).not.toContain("Actor.warded");
    // A player posts a fake GM part for the card, trying to have undo write their values.
    await world.as(player, () => (globalThis as unknown as { ChatMessage: { implementation: { create(d: object): Promise<unknown> } } }).ChatMessage.implementation.create({
      content: "", flags: { "damage-chain": { card: { version: 1, applier: "p1", reverted: false, of: message.id, deltas: [{ uuid: "Actor.hero", apply: {}, revert: { name: "Mine" } }] } } },
    }));
    const el = await rendered(gm, message);
    world.activate(gm);
    el.querySelector<HTMLButtonElement>("[data-action='damage-chain-undo']")!.click();
    await settle();
    expect(targets.map(hp)).toEqual([30, 30, 30]);
    expect(targets[2]!.name).toBe("hero");
    const part = [...world.messages.values()].find((m) => m.author.id === "gm" && m.id !== message.id)!;
    expect((part.flags["damage-chain"] as { card: { reverted: boolean } }).card.reverted).toBe(true);
  });

  it("the GM's Undo button reverts the hit and the card then shows it is reverted", async () => {
    const message = await applyAsGm();
    const el = await rendered(gm, message);
    world.activate(gm); // the click happens in the GM's browser
    el.querySelector<HTMLButtonElement>("[data-action='damage-chain-undo']")!.click();
    await settle();
    expect(targets.map(hp)).toEqual([30, 30, 30]);
    const again = await rendered(gm, message);
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
