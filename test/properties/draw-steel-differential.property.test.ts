/**
 * The `draw-steel` profile against Draw Steel's own `takeDamage` and stamina
 * write: generated immunity and weakness tables (every damage type and
 * `all`, 0–15, some absent), a hit of 1–60 points (sometimes up to 10^6) of
 * a damage type or untyped, ignored immunities (types and `all`), an NPC's
 * stamina 0–40 with 0–15 temporary. The same data goes to Draw Steel's code
 * and, through the importer and `drawSteelEvent` (what the adapter builds
 * from `takeDamage`'s arguments), to the core: the stamina and temporary
 * stamina after the hit must be equal.
 *
 * Draw Steel's code is cut from a source tree at run time
 * (`draw-steel-anchor.ts`); the tree comes from `DC_DRAWSTEEL_SRC`. Without
 * it the property is skipped and says why. Cases: `DC_DRAWSTEEL_RUNS`, else
 * 300 (10,000 under `DC_FUZZ=1`).
 *   git --git-dir=<draw-steel mirror> archive 68856d4 src | tar -x -C /tmp/ds-src
 *   DC_DRAWSTEEL_SRC=/tmp/ds-src DC_DRAWSTEEL_RUNS=10000 npx vitest run --project main test/properties/draw-steel-differential.property.test.ts
 * Not generated: 0 damage (the adapter leaves it to the system), minions in
 * a squad (left to the system), a hero's stamina below 0 (the chain stops
 * life at 0 and the adapter writes the rest below 0: `systems/draw-steel/below-zero.ts`,
 * tested in test/foundry/draw-steel-hero.test.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolve } from "../../src/core/chain.ts";
import { DRAW_STEEL_DAMAGE_TYPES, drawSteelEvent, importDrawSteel } from "../../src/core/import/index.ts";
import { defenderSchema } from "../../src/core/model/defender.ts";
import { damageEventSchema } from "../../src/core/model/event.ts";
import { BUILT_IN_PROFILES, DRAW_STEEL_PROFILE_ID } from "../../src/core/profiles.ts";
import { seededRandom } from "../../src/core/random.ts";
import { resourceWrites } from "../../src/core/resource-map.ts";
import { loadDrawSteel, type DrawSteelData } from "./draw-steel-anchor.ts";
import { FUZZING, params } from "./fuzz.ts";

const SRC = process.env.DC_DRAWSTEEL_SRC ?? "";
const RUNS = process.env.DC_DRAWSTEEL_RUNS !== undefined && process.env.DC_DRAWSTEEL_RUNS !== "" ? Number(process.env.DC_DRAWSTEEL_RUNS) : undefined;
const SKIP_WHY = "skipped: DC_DRAWSTEEL_SRC is not set (the path of a draw-steel source tree; its code is read at run time, never kept in this project)";

const KEYS = ["all", ...DRAW_STEEL_DAMAGE_TYPES];
const tableArb = fc.dictionary(fc.constantFrom(...KEYS), fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.integer({ min: 1, max: 15 }) }), { maxKeys: 4 });
const caseArb = fc.record({
  immunities: tableArb,
  weaknesses: tableArb,
  amount: fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 1, max: 60 }) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 1_000_000 }) }),
  type: fc.constantFrom("", ...DRAW_STEEL_DAMAGE_TYPES),
  ignored: fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 2 }),
  value: fc.integer({ min: 0, max: 40 }),
  temporary: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 15 })),
});

/** A prepared NPC's damage tables: every key present, 0 unless generated (`helpers.mjs` `damageTypes` with `all`). */
const full = (t: Record<string, number>) => Object.fromEntries(KEYS.map((k) => [k, t[k] ?? 0]));
const STAMINA = { value: "system.stamina.value", max: "system.stamina.max", temp: "system.stamina.temporary" };

describe("draw-steel profile = Draw Steel's takeDamage (differential)", () => {
  it.skipIf(SRC === "")(SRC === "" ? `stamina equals Draw Steel's (${SKIP_WHY})` : `stamina equals Draw Steel's (draw-steel from ${SRC})`, async () => {
    const ds = loadDrawSteel(SRC);
    const profile = BUILT_IN_PROFILES.find((p) => p.id === DRAW_STEEL_PROFILE_ID)!;
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const data: DrawSteelData = { stamina: { value: c.value, max: 40, temporary: c.temporary, min: 0 }, damage: { immunities: full(c.immunities), weaknesses: full(c.weaknesses) } };
        const theirs = await ds.takeDamage(data, c.amount, { type: c.type, ignoredImmunities: c.ignored });
        const expected = { value: theirs.update?.["system.stamina.value"] ?? c.value, temporary: theirs.update?.["system.stamina.temporary"] ?? c.temporary };

        const doc = { name: "npc", type: "npc", system: data };
        const { defenses, problems } = importDrawSteel(doc);
        expect(problems).toEqual([]);
        const event = drawSteelEvent(c.amount, { type: c.type, ignoredImmunities: c.ignored })!;
        const before = { hp: { value: c.value + c.temporary, max: 40 + c.temporary } };
        const ours = resolve({ event: damageEventSchema.parse(event), defender: defenderSchema.parse({ resources: before, defenses }), profile, random: seededRandom(1), now: 0 });
        const writes = resourceWrites(doc, { hp: STAMINA }, before, ours.resources);
        cases++;
        expect({ value: writes["system.stamina.value"] ?? c.value, temporary: writes["system.stamina.temporary"] ?? c.temporary }).toEqual(expected);
      }),
      RUNS === undefined ? params(300) : { ...params(300), numRuns: RUNS },
    );
    if (FUZZING) console.log(`draw-steel differential: ${cases} cases equal`);
  });
});
