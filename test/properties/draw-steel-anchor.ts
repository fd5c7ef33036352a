/**
 * Draw Steel's own `takeDamage` and stamina write, cut out of a draw-steel
 * source tree at run time, for the differential property of the
 * `draw-steel` profile. Draw Steel's code is never kept in this project: the
 * tree's path comes from `DC_DRAWSTEEL_SRC` (a checkout, or
 * `git --git-dir=<mirror> archive <commit> src | tar -x -C <dir>`).
 *
 * As `dnd5e-anchor.ts` does: read `src/module/data/actor/base-actor.mjs`
 * and cut `takeDamage` (from its first line to the closing brace at the
 * same indent), and `src/module/documents/actor.mjs`'s private
 * `#modifyStamina` (renamed `modifyStamina`, the only change to the text);
 * evaluate them in two small classes over stand-ins for what they touch:
 * `ui.notifications` (recorded), `Hooks.call` → true, Foundry's `Math.clamp`,
 * an actor whose `modifyTokenAttribute("stamina", …)` goes to
 * `modifyStamina` as the system's `DrawSteelActor#modifyTokenAttribute`
 * does (actor.mjs 89–95), no combat (no combatant groups), and an `update`
 * that records the update.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The text of the method whose first line matches `re`, to the closing brace at its indent. */
function cut(text: string, re: RegExp, what: string): string {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => re.test(l));
  if (start < 0) throw new Error(`could not find ${what}`);
  const indent = /^\s*/.exec(lines[start]!)![0];
  let end = start + 1;
  while (end < lines.length && lines[end] !== `${indent}}`) end++;
  if (end >= lines.length) throw new Error(`could not find the end of ${what}`);
  return lines.slice(start, end + 1).join("\n");
}

/** A Draw Steel actor's data as the cut code reads it. */
export interface DrawSteelData {
  stamina: { value: number; max: number; temporary: number; min: number };
  damage: { immunities: Record<string, number>; weaknesses: Record<string, number> };
}

/** What one `takeDamage` call did: the actor update it wrote (none when immunity took it all). */
export interface DrawSteelOutcome {
  update: Record<string, number> | undefined;
  notes: string[];
}

/** The cut code: `takeDamage(data, damage, options)` on a fresh actor stand-in. */
export interface DrawSteelCode {
  takeDamage(data: DrawSteelData, damage: number, options: { type?: string; ignoredImmunities?: string[] }): Promise<DrawSteelOutcome>;
}

/** Load `takeDamage` and `#modifyStamina` from the source tree at `src`. Throws Error naming the file when it is missing or changed shape. */
export function loadDrawSteel(src: string): DrawSteelCode {
  const modelFile = join(src, "src/module/data/actor/base-actor.mjs");
  const actorFile = join(src, "src/module/documents/actor.mjs");
  for (const f of [modelFile, actorFile]) if (!existsSync(f)) throw new Error(`${f} not found: DC_DRAWSTEEL_SRC must be a draw-steel source tree`);
  const takeDamage = cut(readFileSync(modelFile, "utf8"), /^\s*async takeDamage\(damage, options = \{\}\) \{$/, "takeDamage in base-actor.mjs");
  const modify = cut(readFileSync(actorFile, "utf8"), /^\s*async #modifyStamina\(value, isDelta\) \{$/, "#modifyStamina in documents/actor.mjs").replace("async #modifyStamina(", "async modifyStamina(");
  const notes: string[] = [];
  const ui = { notifications: { info: (k: string) => notes.push(k), warn: (k: string) => notes.push(k) } };
  const hooks = { call: () => true };
  const math = Object.assign(Object.create(Math) as typeof Math, { clamp: (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), hi) });
  const make = new Function("ui", "Hooks", "Math", `return [class Model { ${takeDamage} }, class Actor { ${modify} }];`) as (...a: unknown[]) => [new () => object, new () => object];
  const [Model, Actor] = make(ui, hooks, math);
  return {
    async takeDamage(data, damage, options) {
      notes.length = 0;
      let update: Record<string, number> | undefined;
      const actor = Object.assign(new Actor(), {
        name: "actor",
        isMinion: false,
        system: { stamina: { ...data.stamina }, combatGroups: new Set(), combatGroup: null },
        update: (u: Record<string, number>) => ((update = u), Promise.resolve(actor)),
        // DrawSteelActor#modifyTokenAttribute: "stamina" → #modifyStamina (actor.mjs 89–95).
        modifyTokenAttribute(attribute: string, value: number, isDelta: boolean) {
          if (attribute !== "stamina") throw new Error(`unexpected attribute ${attribute}`);
          return (actor as unknown as { modifyStamina(v: number, d: boolean): Promise<unknown> }).modifyStamina(value, isDelta);
        },
      });
      const model = Object.assign(new Model(), { parent: actor, damage: data.damage, isMinion: false, combatGroups: new Set(), combatGroup: null });
      await (model as unknown as { takeDamage(d: number, o: object): Promise<unknown> }).takeDamage(damage, { ...options });
      return { update, notes: [...notes] };
    },
  };
}
