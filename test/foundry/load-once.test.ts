/** Chunks loaded on first use (`load-once.ts`): loaded once, and tried again after a failed load. */
import { describe, expect, it, vi } from "vitest";
import { loadOnce } from "../../src/foundry/load-once.ts";

describe("loadOnce", () => {
  it("loads on the first call only and gives every caller the same module", async () => {
    const module = { answer: 42 };
    const load = vi.fn(() => Promise.resolve(module));
    const get = loadOnce(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([get(), get()]);
    expect(await get()).toBe(module);
    expect(a).toBe(module);
    expect(b).toBe(module);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not keep a failed load: the next call tries again", async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error("offline")).mockResolvedValue("loaded");
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow("offline");
    await expect(get()).resolves.toBe("loaded");
    await expect(get()).resolves.toBe("loaded");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("peek() gives nothing before the load ends, then the module itself, without a wait", async () => {
    const module = { answer: 42 };
    const get = loadOnce(() => Promise.resolve(module));
    expect(get.peek()).toBeUndefined();
    const loading = get();
    expect(get.peek()).toBeUndefined();
    await loading;
    expect(get.peek()).toBe(module);
  });

  it("peek() gives nothing after a failed load", async () => {
    const get = loadOnce<string>(() => Promise.reject(new Error("offline")));
    await expect(get()).rejects.toThrow("offline");
    expect(get.peek()).toBeUndefined();
  });
});
