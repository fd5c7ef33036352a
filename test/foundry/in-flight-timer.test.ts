/**
 * Writes in flight are forgotten once their batch settles, or after
 * FORGET_AFTER_MS when it never does (`actor/in-flight.ts`); a settled
 * batch leaves no timer behind (it would keep every update of an area hit
 * alive until it fired).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FORGET_AFTER_MS, viewOf, whileWriting } from "../../src/foundry/actor/in-flight.ts";

const actor = (id: string) => ({ uuid: `Actor.${id}`, system: { hp: 10 }, flags: {} }) as unknown as Actor.Implementation;
const hp = (a: Actor.Implementation) => (viewOf(a).system as unknown as { hp: number }).hp;

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe("whileWriting", () => {
  it("a settled batch is forgotten at once and leaves no timer", async () => {
    const a = actor("settled");
    let seen = 0;
    await whileWriting([{ actor: a, update: { "system.hp": 4 } }], () => {
      seen = hp(a);
      return Promise.resolve();
    });
    expect(seen).toBe(4);
    expect(hp(a)).toBe(10);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a batch that never settles is forgotten after FORGET_AFTER_MS", () => {
    const a = actor("hung");
    void whileWriting([{ actor: a, update: { "system.hp": 3 } }], () => new Promise<void>(() => undefined));
    expect(hp(a)).toBe(3);
    vi.advanceTimersByTime(FORGET_AFTER_MS - 1);
    expect(hp(a)).toBe(3);
    vi.advanceTimersByTime(1);
    expect(hp(a)).toBe(10);
  });
});
