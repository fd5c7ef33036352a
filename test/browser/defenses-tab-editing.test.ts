/**
 * Editing in the Defenses tab in headless Chromium: adding, reordering and
 * removing rows, durations, inline validation, saving and discarding; its
 * rendering is in `defenses-tab.test.ts`. Expected numbers come from the
 * rules core, run here in Node on the same data. Screenshots go to
 * artifacts/ (not committed).
 */
import { describe, expect, it } from "vitest";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import { artifactPath } from "./support.ts";
import { addDefense, expectedFinal, finalShown, lang, profile, settle, useDefensesTab } from "./defenses-tab-shared.ts";

const { mounted } = useDefensesTab();

describe("Defenses tab, GM view", () => {
  it("adding a resistance row changes the preview to what the chain computes", async () => {
    const defender: DefenderInput = { resources: { hp: { value: 50 } } };
    const page = await mounted("light", { defender, editable: true });
    // The preview starts folded; unfolded, it stays so across the re-renders below.
    expect(await page.locator('[data-preview-field="amount"]').isVisible()).toBe(false);
    await page.locator("details[data-preview] > summary").click();
    await page.fill('[data-preview-field="amount"]', "20");
    await settle(page);
    expect(await finalShown(page)).toBe(expectedFinal(defender));

    await addDefense(page, "resistances");
    await settle(page);
    const row = page.locator('[data-row][data-list="resistances"]');
    expect(await row.count()).toBe(1);
    await row.locator('[data-field="type"]').selectOption("fire");
    await settle(page);
    const resisted = { ...defender, defenses: { resistances: [{ type: "fire" }] } };
    expect(expectedFinal(resisted)).toBeLessThan(expectedFinal(defender));
    expect(await finalShown(page)).toBe(expectedFinal(resisted));
    expect(await page.locator(".damage-chain-trace").textContent()).toContain("Resist");

    expect(await page.locator("details[data-preview]").getAttribute("open")).not.toBeNull();
    await row.locator('[data-field="limit"]').fill("5");
    await settle(page);
    expect(await finalShown(page)).toBe(expectedFinal({ ...defender, defenses: { resistances: [{ type: "fire", limit: 5 }] } }));

    await page.click('[data-dc-action="save"]');
    await settle(page);
    const log = await page.evaluate(() => window.harness.log());
    expect(log.saved.at(-1)?.defenses.resistances).toEqual([{ type: "fire", limit: 5 }]);
  });

  for (const language of ["en", "de"] as const) {
    it(`types and shows a shell's cooldown as a duration, not seconds (${language})`, async () => {
      const defender: DefenderInput = { defenses: { shells: [{ id: "s1", value: 10, cooldown: 1_209_600 }] } };
      const page = await mounted("light", { defender, editable: true }, language);
      const input = page.locator('[data-path="defenses.shells[0].cooldown"] input');
      expect(await input.inputValue()).toBe(language === "en" ? "2w" : "2W");
      await input.fill(language === "en" ? "1h 30m" : "1Std 30Min");
      await settle(page);
      await page.click('[data-dc-action="save"]');
      await settle(page);
      expect((await page.evaluate(() => window.harness.log())).saved.at(-1)?.defenses.shells).toEqual([{ id: "s1", value: 10, cooldown: 5_400 }]);
    });
  }

  it("reorders and removes rows, and discards unsaved edits", async () => {
    const defender: DefenderInput = { defenses: { vulnerabilities: [{ type: "cold" }, { type: "acid", limit: 5 }, { type: "fire" }] } };
    const page = await mounted("light", { defender, editable: true });
    const types = () => page.locator('[data-row][data-list="vulnerabilities"] [data-field="type"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    await page.click('[data-list="vulnerabilities"] [data-dc-action="down"][data-index="0"]');
    await settle(page);
    expect(await types()).toEqual(["acid", "cold", "fire"]);
    await page.click('[data-list="vulnerabilities"] [data-dc-action="remove"][data-index="2"]');
    await settle(page);
    expect(await types()).toEqual(["acid", "cold"]);
    expect(await page.locator('[data-row][data-list="vulnerabilities"]').first().locator('[data-field="limit"]').inputValue()).toBe("5");
    // Unsaved edits can be thrown away: back to what the actor stores.
    await page.click('[data-dc-action="discard"]');
    await settle(page);
    expect(await types()).toEqual(["cold", "acid", "fire"]);
    expect(await page.locator("[data-dirty]").isHidden()).toBe(true);
    expect((await page.evaluate(() => window.harness.log())).saved).toEqual([]);
  });

  it("validates inline: whole numbers >= 0, one Hard layer, no immunity to all, newest invulnerability refused, non-stacking groups", async () => {
    const allButThunder = profile.options.damageTypes.filter((t) => t !== "thunder").map((type) => ({ type }));
    const defender: DefenderInput = {
      defenses: {
        immunities: allButThunder,
        armor: [{ type: "physical", value: 2, layer: "hard" }],
        resistances: [{ type: "cold", limit: 5, group: "ring" }, { type: "cold", limit: 10, group: "ring" }],
      },
    };
    const page = await mounted("dark", { defender, editable: true });
    const E = lang.DAMAGECHAIN.Validation;
    // Non-stacking: the second entry of group "ring" is marked as not used.
    await expect(page.locator('[data-path="defenses.resistances[1]"] > [data-problems]').textContent()).resolves.toContain("ring");
    expect(await page.locator('[data-path="defenses.resistances[1]"]').getAttribute("class")).toContain("damage-chain-warned");

    await page.locator('[data-path="defenses.resistances[0].limit"] input').fill("2.5");
    await settle(page);
    expect(await page.locator('[data-path="defenses.resistances[0].limit"] [data-problems]').textContent()).toBe(E.WholeNumber);
    await page.locator('[data-path="defenses.resistances[0].limit"] input').fill("-3");
    expect(await page.locator('[data-path="defenses.resistances[0].limit"] [data-problems]').textContent()).toBe(E.Min!.replace("{min}", "0"));
    await page.locator('[data-path="defenses.resistances[0].limit"] input').fill("5");
    expect(await page.locator('[data-path="defenses.resistances[0].limit"] [data-problems]').textContent()).toBe("");

    await page.click('[data-dc-action="add"][data-list="armor"]');
    await settle(page);
    await page.locator('[data-path="defenses.armor[1].layer"] select').selectOption("hard");
    expect(await page.locator('[data-path="defenses.armor[1].layer"] [data-problems]').textContent()).toBe(E.HardLayer);
    // Rows of one piece are one layer: two Hard rows of "Plate" are fine; a Soft row of the Hard piece is not.
    await page.locator('[data-path="defenses.armor[0].piece"] input').fill("Plate");
    await page.locator('[data-path="defenses.armor[1].piece"] input').fill("Plate");
    await settle(page);
    expect(await page.locator('[data-path="defenses.armor[1].layer"] [data-problems]').textContent()).toBe("");
    await page.locator('[data-path="defenses.armor[1].layer"] select').selectOption("soft");
    await settle(page);
    expect(await page.locator('[data-path="defenses.armor[1].layer"] [data-problems]').textContent()).toBe(E.PieceLayer!.replace("{piece}", "Plate").replace("{layer}", lang.DAMAGECHAIN.Sheet.Kind.hard!));
    await page.locator('[data-path="defenses.armor[1].piece"] input').fill("");

    await page.locator('[data-path="defenses.armor[1].layer"] select').selectOption("soft");
    await page.click('[data-dc-action="add"][data-list="immunities"]');
    await settle(page);
    const newest = `defenses.immunities[${allButThunder.length}]`;
    await page.locator(`[data-path="${newest}.type"] select`).selectOption("all");
    expect(await page.locator(`[data-path="${newest}.type"] [data-problems]`).textContent()).toBe(E.ImmuneAll);
    await page.locator(`[data-path="${newest}.type"] select`).selectOption("thunder");
    // Completing immunity to every type: the newest entry is refused (a warning on its row).
    expect(await page.locator(`[data-path="${newest}"] > [data-problems]`).textContent()).toContain(
      lang.DAMAGECHAIN.Warning.InvulnerableTypes!.replace("{types}", lang.DAMAGECHAIN.Type.thunder!),
    );
    expect(await page.locator(`[data-path="defenses.immunities[0]"] > [data-problems]`).textContent()).toBe("");
    await page.screenshot({ path: artifactPath("defenses-tab-validation-dark.png"), fullPage: true });

    // Saving with an error is refused and nothing is written.
    await page.locator('[data-path="defenses.resistances[0].limit"] input').fill("x");
    await page.click('[data-dc-action="save"]');
    await settle(page);
    expect((await page.evaluate(() => window.harness.log())).saved).toEqual([]);
  });

  it("conditions are picked from a list", async () => {
    const page = await mounted("light", { defender: {}, editable: true });
    await addDefense(page, "triggers");
    await settle(page);
    const options = await page.locator('[data-list="triggers"] [data-field="gains"] option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(options).toContain("slowed");
    expect(options).toContain("dying");
    const whenOptions = await page.locator('[data-list="triggers"] [data-field="condition"] option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(whenOptions).toEqual(["", "advantage", "noAdvantage", "critical", "ongoing", "silvered", "notSilvered", "paragon", "notParagon", "epic", "notEpic", "burstBlast", "noBurstBlast", "attack", "environmental"]);
  });
});
