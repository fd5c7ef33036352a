// @vitest-environment happy-dom
/**
 * Names are not formulas. Foundry rolls every `[[formula]]` in
 * a new message's content string (v13 `ChatMessage#_preCreate`, modelled in
 * the double) and enriches the content's text nodes when it shows the
 * message (`ChatMessage#renderHTML` → `TextEditor#enrichHTML`: inline rolls,
 * `@UUID[…]` links and custom enrichers match within one text node). A
 * target, event or profile named with that syntax appears as written.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, settle, type ApiLike, type Client, type MessageDouble } from "./double.ts";

const NAME = "Ogre [[1d6]] @UUID[Actor.x]{Boss} &Reference[prone]";
let world: World;
let gm: Client & { api: ApiLike };

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  world.addActor({ id: "ogre", name: NAME, type: "npc", system: { attributes: { hp: { value: 30, max: 30 } } } });
  gm = await world.connect(world.users.get("gm")!);
});

/** The text of each text node of `html` (what the enrichers match, one node at a time). */
function textNodes(html: string): string[] {
  const div = document.createElement("div");
  div.innerHTML = html;
  const walk = document.createTreeWalker(div, NodeFilter.SHOW_TEXT);
  const out: string[] = [];
  while (walk.nextNode()) out.push(walk.currentNode.textContent ?? "");
  return out;
}

describe("message content holds nothing Foundry would roll or enrich", () => {
  it("a target named with inline-roll and enricher syntax appears on the card as written, and nothing is rolled", async () => {
    const outcome = await world.as(gm, () => gm.api.applyDamage([{ actor: world.actors.get("ogre") }], { parts: [{ amount: 5, types: ["fire"] }], label: "Breath [[2d6]] @Check[dex]" }));
    await settle();
    const message: MessageDouble = world.messages.get(outcome.messageId!)!;
    expect(message.content).not.toContain("inline-roll");
    const div = document.createElement("div");
    div.innerHTML = message.content;
    expect(div.querySelector(".damage-chain-card__targets")!.textContent).toBe(NAME);
    expect(div.querySelector(".damage-chain-card__summary")!.textContent).toContain("Breath [[2d6]] @Check[dex]");
    for (const text of textNodes(message.content)) expect(text).not.toMatch(/\[\[|@\w+\[|&\w+\[/);
  });
});
