/**
 * A relay request nobody answers fails after `RELAY_TIMEOUT_MS` (10 s,
 * `src/foundry/constants.ts`). {@link fastForward} lets a test reach that
 * timeout without waiting for it: `setTimeout`/`clearTimeout` are Vitest's
 * fake ones while `act` runs, and the fake clock moves on a second at a time
 * until `act` settles. `setImmediate` stays real, so lazily loaded chunks and
 * other real I/O still complete between the steps.
 */
import { vi } from "vitest";
import { RELAY_TIMEOUT_MS } from "../../src/foundry/constants.ts";

/** Fake milliseconds after which {@link fastForward} gives up: far beyond any timeout the module sets. */
const GIVE_UP = 10 * RELAY_TIMEOUT_MS;

/** Run `act` on a fake clock moved ahead until it settles; its result or its rejection. */
export async function fastForward<T>(act: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    let settled = false;
    const running = act().finally(() => {
      settled = true;
    });
    running.catch(() => undefined);
    for (let elapsed = 0; !settled; elapsed += 1_000) {
      if (elapsed > GIVE_UP) throw new Error(`fastForward: still running after ${GIVE_UP} fake ms`);
      await vi.advanceTimersByTimeAsync(1_000);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return await running;
  } finally {
    vi.useRealTimers();
  }
}
