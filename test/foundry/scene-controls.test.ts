/** `getSceneControlButtons`: the Apply damage and Bestiary buttons among the token tools (hooks/scene-controls.ts). */
import { describe, expect, it, vi } from "vitest";
import { addApplyDamageTool, addBestiaryTool } from "../../src/foundry/hooks/scene-controls.ts";

type Controls = Parameters<typeof addApplyDamageTool>[0];

describe("scene control buttons", () => {
  it("adds each button after the token tools already there, and a click opens its window", () => {
    const controls = { tokens: { tools: { select: { name: "select" } } } } as unknown as Controls;
    const openDialog = vi.fn();
    const openBestiary = vi.fn();
    addApplyDamageTool(controls, openDialog);
    addBestiaryTool(controls, openBestiary);
    const tools = controls.tokens!.tools as unknown as Record<string, { name: string; title: string; order: number; button: boolean; onChange: () => void }>;
    expect(tools["damage-chain-apply"]).toMatchObject({ name: "damage-chain-apply", title: "DAMAGECHAIN.Dialog.Control", order: 1, button: true });
    expect(tools["damage-chain-bestiary"]).toMatchObject({ name: "damage-chain-bestiary", title: "DAMAGECHAIN.Bestiary.Window.Title", order: 2, button: true });
    tools["damage-chain-bestiary"]!.onChange();
    expect(openBestiary).toHaveBeenCalledTimes(1);
    expect(openDialog).not.toHaveBeenCalled();
    tools["damage-chain-apply"]!.onChange();
    expect(openDialog).toHaveBeenCalledTimes(1);
  });

  it("does nothing on a scene without token controls", () => {
    const controls = {} as Controls;
    expect(() => addApplyDamageTool(controls, () => undefined)).not.toThrow();
    expect(controls).toEqual({});
  });
});
