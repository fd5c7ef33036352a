/**
 * The windows' stand-ins (`apps/lazy.ts`): a settings menu's class is an
 * ApplicationV2 subclass, as `game.settings.registerMenu` requires, and
 * rendering it loads the real window and renders that; a chunk that fails to
 * load is reported to the user, not thrown.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyMenu } from "../../src/foundry/apps/lazy.ts";

class ApplicationV2 {}

afterEach(() => vi.unstubAllGlobals());

describe("lazyMenu", () => {
  it("is an ApplicationV2 subclass whose render loads the real window and renders it (force)", async () => {
    vi.stubGlobal("foundry", { applications: { api: { ApplicationV2 } } });
    const rendered: unknown[] = [];
    class Window {
      render(options: { force: boolean }): this {
        rendered.push(options);
        return this;
      }
    }
    const load = vi.fn(() => Promise.resolve(Window));
    const Menu = lazyMenu("test window", load);
    expect(Menu.prototype).toBeInstanceOf(ApplicationV2);
    expect(load).not.toHaveBeenCalled();
    const menu = new Menu();
    await expect(menu.render()).resolves.toBe(menu);
    expect(load).toHaveBeenCalledTimes(1);
    expect(rendered).toEqual([{ force: true }]);
  });

  it("tells the user when the window's chunk cannot be loaded", async () => {
    const error = vi.fn();
    vi.stubGlobal("foundry", { applications: { api: { ApplicationV2 } } });
    vi.stubGlobal("ui", { notifications: { error } });
    vi.stubGlobal("game", { i18n: { localize: (key: string) => key } });
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const Menu = lazyMenu("test window", () => Promise.reject(new Error("offline")));
    const menu = new Menu();
    await expect(menu.render()).resolves.toBe(menu);
    expect(error).toHaveBeenCalledWith("DAMAGECHAIN.Notify.LoadFailed");
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });
});
