/**
 * Under the pf2e profile the chain speaks pf2e's words (`core/words.ts`):
 * its flat FDR and DV steps are pf2e's resistance and weakness (foundryvtt/pf2e
 * `src/module/system/damage/iwr.ts` `applyIWR`; `CONFIG.PF2E` names them
 * "Resistance" and "Weakness"), for entries a GM adds by hand as for
 * imported ones; other profiles keep 000's names.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { translator } from "../../src/cli/i18n.ts";
import { explainEntry, type Localizer } from "../../src/core/explain.ts";
import { chainStrip } from "../../src/core/strip.ts";
import { inWords, wordsOf } from "../../src/core/words.ts";
import { hit, run } from "./support.ts";

const lang = (name: string): Localizer => translator(JSON.parse(readFileSync(join(import.meta.dirname, "../../lang", name), "utf8")) as Parameters<typeof translator>[0]);
// Entries a GM adds by hand: no import template.
const defender = { defenses: { flat: [{ kind: "FDR", type: "fire", value: 5 }, { kind: "DV", type: "fire", value: 3 }] }, resources: { hp: { value: 50 } } } as never;

function texts(profile: string, l: Localizer) {
  const r = run({ profile, defender, event: hit(10, "fire") });
  const w = inWords(l, wordsOf(r.profile));
  const steps = r.trace.filter((e) => e.step === "fdr" || e.step === "dv").map((e) => explainEntry(e, w));
  const strip = chainStrip({ incoming: r.incoming, dealt: r.final, trace: r.trace, changes: [] }, w);
  return { final: r.final, steps, strip: strip.steps.map((s) => s.defense) };
}

describe("pf2e's words under the pf2e profile", () => {
  it("names hand-added FDR and DV entries and their steps Resistance and Weakness (en)", () => {
    const { final, steps, strip } = texts("pf2e", lang("en.json"));
    expect(final).toBe(8);
    expect(steps.map((s) => s.step)).toEqual(["Weakness", "Resistance"]);
    expect(steps.map((s) => s.text)).toEqual(["Weakness: +3.", "Resistance: −5."]);
    expect(steps.map((s) => s.defense)).toEqual(["Weakness 3 Fire", "Resistance 5 Fire"]);
    expect(strip).toEqual(["Weakness 3 Fire", "Resistance 5 Fire"]);
  });
  it("speaks German too", () => {
    const { steps } = texts("pf2e", lang("de.json"));
    expect(steps.map((s) => s.step)).toEqual(["Schwäche", "Resistenz"]);
    expect(steps.map((s) => s.defense)).toEqual(["Schwäche 3 Feuer", "Resistenz 5 Feuer"]);
  });
  it("leaves other profiles in 000's words", () => {
    const { steps } = texts("layered-armor", lang("en.json"));
    expect(steps.map((s) => s.step)).toEqual(["Damage Vulnerability", "Final Damage Resistance"]);
    expect(steps.map((s) => s.defense)).toEqual(["DV 3 Fire", "FDR 5 Fire"]);
  });
});
