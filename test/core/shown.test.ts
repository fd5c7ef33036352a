/**
 * Which steps a reader is shown: a step that changed any part
 * is shown even when the total did not change, and a step that asks to be
 * shown (a dnd5e trait the tray ignored) is too.
 */
import { describe, expect, it } from "vitest";
import { shownEntries } from "../../src/core/shown.ts";
import { DND5E_PROFILE_ID } from "../../src/core/profiles.ts";
import { run } from "./support.ts";

describe("shown steps", () => {
  it("revised 4E: 4 slashing resisted (−2) and 4 radiant vulnerable (+2) keep the total, and the resistance step is shown", () => {
    const r = run({
      profile: "revised-4e",
      defender: { resources: { hp: { value: 100 } }, defenses: { resistances: [{ type: "slashing" }], vulnerabilities: [{ type: "radiant" }] } },
      event: { parts: [{ amount: 4, types: ["slashing"] }, { amount: 4, types: ["radiant"] }] },
    });
    expect(r.final).toBe(8);
    const step = r.trace.find((e) => e.step === "resistance")!;
    expect([step.in, step.out, step.changed]).toEqual([8, 8, true]);
    expect(shownEntries(r.trace, r.taken).map((e) => e.step)).toContain("resistance");
  });

  it("a step that changes no part is not marked changed", () => {
    const r = run({ profile: "revised-4e", defender: { resources: { hp: { value: 100 } } }, event: { parts: [{ amount: 4, types: ["fire"] }] } });
    expect(r.trace.every((e) => e.changed === undefined)).toBe(true);
    expect(shownEntries(r.trace, r.taken).map((e) => e.step)).toEqual(["life"]);
  });

  it("dnd5e: a resistance the tray ignores is shown, with the reason", () => {
    const r = run({
      profile: DND5E_PROFILE_ID,
      defender: { resources: { hp: { value: 100 } }, dnd5e: { dr: { value: ["fire"] } } },
      event: { parts: [{ amount: 10, types: ["fire"] }], dnd5e: { ignore: { resistance: ["fire"] } } },
    });
    expect(r.final).toBe(10);
    const shown = shownEntries(r.trace, r.taken);
    const step = shown.find((e) => e.step === "dnd5eResistance")!;
    expect(step.details?.map((d) => d.key)).toEqual(["DAMAGECHAIN.Detail.dnd5e.ignored"]);
  });
});
