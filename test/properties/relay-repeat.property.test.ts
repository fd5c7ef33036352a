/**
 * Relay repeats across GM reloads and hand-overs: a player sends
 * up to three requests, each as often as the generator likes, with the active
 * GM handing over to the other GM and GM clients reloading (their memory
 * lost) between the sends. Every distinct request is carried out once: one
 * card each, the HP lost is the sum of the distinct requests, and a repeat is
 * answered with the first card. Quick cases under `npm test`, 10,000 under
 * `npm run fuzz`.
 */
import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { World, settle, type ActorDouble, type Client } from "../foundry/double.ts";
import { params } from "./fuzz.ts";

type Step = { op: "send"; request: number } | { op: "handover" } | { op: "reload"; gm: "a-gm" | "b-gm" };
const AMOUNTS = [3, 5, 7];

let world: World;
let player: Client;
let cases = 0;

beforeAll(async () => {
  world = new World();
  world.addUser("a-gm", true);
  world.addUser("b-gm", true);
  world.addUser("p1", false);
  await world.connect(world.users.get("a-gm")!);
  await world.connect(world.users.get("b-gm")!);
  player = await world.connect(world.users.get("p1")!);
});

/** Reload `id`'s client: the old one goes (its memory with it), a new one connects. */
async function reload(id: string): Promise<void> {
  const i = world.clients.findIndex((c) => c.user.id === id);
  if (i >= 0) world.clients.splice(i, 1);
  world.users.get(id)!.active = true;
  await world.connect(world.users.get(id)!);
}

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant("send" as const), request: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("handover" as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("reload" as const), gm: fc.constantFrom("a-gm" as const, "b-gm" as const) }) },
);

it("every distinct request is carried out once, whoever is the active GM and whatever reloaded", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 8 }), async (steps) => {
      const n = ++cases;
      world.actors.clear();
      world.messages.clear();
      world.users.get("a-gm")!.active = true;
      world.users.get("b-gm")!.active = true;
      const goblin: ActorDouble = world.addActor({ id: `g${n}`, name: "Goblin", type: "npc", system: { attributes: { hp: { value: 100, max: 100 } } }, ownership: { default: 1 } });
      const first = new Map<number, string>();
      for (const step of steps) {
        if (step.op === "handover") {
          const a = world.users.get("a-gm")!;
          a.active = !a.active; // b-gm is the active GM while a-gm is away
        } else if (step.op === "reload") await reload(step.gm);
        else {
          const request = { kind: "apply", requestId: `case${n}-request-${step.request}`, userId: "p1", targets: [goblin.uuid], event: { parts: [{ amount: AMOUNTS[step.request]! }] } };
          const answer = (await world.relayAs(player, request)) as { ok: boolean; outcome?: { messageId: string } };
          expect(answer.ok).toBe(true);
          const id = answer.outcome!.messageId;
          if (first.has(step.request)) expect(id).toBe(first.get(step.request));
          else first.set(step.request, id);
        }
      }
      await settle();
      const lost = [...first.keys()].reduce((sum, r) => sum + AMOUNTS[r]!, 0);
      expect((goblin.system.attributes as { hp: { value: number } }).hp.value).toBe(100 - lost);
      expect([...world.messages.values()].filter((m) => (m.flags["damage-chain"] as { card?: { of?: string } } | undefined)?.card?.of === undefined)).toHaveLength(first.size);
    }),
    params(25),
  );
}, 3_600_000);
