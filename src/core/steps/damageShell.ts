/**
 * Damage Shell (000 "Damage Shell", RULES.md §2.9). A shell is a life value:
 * damage that would take life (`resources.hp`) below it stops at it, and the
 * creature is immune to all damage until the next round's Intention Phase
 * (`state.shellImmune`, cleared by `startRound`). The shell can then not
 * trigger again for its `cooldown` (game seconds; two weeks by default):
 * `state.shellCooldowns[id]` holds the game time it is ready again.
 *
 * Readings:
 * - "become immune ... when your Life Points hit that value": reaching the
 *   value exactly also triggers the shell (no damage is cut, but immunity and
 *   the cooldown start).
 * - Several shells (each at a different value, the schema refuses
 *   duplicates) are tried from the highest value down; the first that
 *   triggers wins. A shell is ready when its cooldown time is <= `now`.
 * - A shell the event ignores (`ignoredBy`, e.g. imbued) lets the damage
 *   through and is remembered in `state.shellsBypassed` for the round; a later
 *   hit that round that does not ignore it, with life at or below it, is
 *   ignored whole and starts the immunity (000 "... you still ignore that attack").
 *
 * Missing life (`hp`) means there is nothing to protect: the step only
 * applies an immunity already in force.
 */
import { applies } from "../conditions.ts";
import { reduceTotal, unabsorbed, type Step, type StepContext, type StepNote } from "../context.ts";
import type { DamageShell } from "../model/defenses.ts";

/** Immune until the next round; the shell waits its cooldown. */
function trigger(ctx: StepContext, shell: DamageShell): void {
  ctx.state.shellImmune = true;
  ctx.state.shellCooldowns[shell.id] = ctx.now + shell.cooldown;
}

/** Takes no options. Cuts the hit to stop life at a shell, or cuts it whole while immune. */
export const damageShell: Step = (ctx): StepNote => {
  const damage = unabsorbed(ctx);
  if (ctx.state.shellImmune) {
    reduceTotal(ctx, damage);
    return { key: "DAMAGECHAIN.Trace.damageShell.immune", params: { ignored: damage } };
  }
  const life = ctx.resources.hp?.value;
  if (life === undefined) return { key: "DAMAGECHAIN.Trace.damageShell.noLife" };
  if (damage === 0) return { key: "DAMAGECHAIN.Trace.damageShell.none" };

  const ready = ctx.defenses.shells.filter((s) => (ctx.state.shellCooldowns[s.id] ?? 0) <= ctx.now).sort((a, b) => b.value - a.value);
  const bypassed: number[] = [];
  for (const shell of ready) {
    const defense = shell.label ?? `DS ${shell.value}`;
    if (life > shell.value && life - damage <= shell.value) {
      if (!applies(shell, ctx.event)) {
        if (!ctx.state.shellsBypassed.includes(shell.id)) ctx.state.shellsBypassed.push(shell.id);
        bypassed.push(shell.value);
        continue;
      }
      const ignored = reduceTotal(ctx, damage - (life - shell.value));
      trigger(ctx, shell);
      return { key: "DAMAGECHAIN.Trace.damageShell.triggered", params: { value: shell.value, ignored }, defense };
    }
    if (life <= shell.value && ctx.state.shellsBypassed.includes(shell.id) && applies(shell, ctx.event)) {
      reduceTotal(ctx, damage);
      trigger(ctx, shell);
      return { key: "DAMAGECHAIN.Trace.damageShell.later", params: { value: shell.value, ignored: damage }, defense };
    }
  }
  if (bypassed.length > 0) return { key: "DAMAGECHAIN.Trace.damageShell.bypassed", params: { values: bypassed.join(", ") } };
  return { key: "DAMAGECHAIN.Trace.damageShell.none" };
};
