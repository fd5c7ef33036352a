/**
 * The bestiary report's role section (001 "Fixing monster defenses"): per
 * monster role, the mean Fortitude, Reflex and Will relative to the level's
 * average defense, beside what the role table says (strong +1, average 0,
 * weak -1). The average non-AC defense of a level is level + 12 (4E DMG
 * monster statistics; 001 "the defense value suggested by the DMG tables").
 */
import type { CreatureInfo } from "../import/types.ts";
import type { Defenses } from "../model/defenses.ts";
import { ROLE_TEMPLATES, STRENGTH_MODIFIER, type RoleDefenseName } from "../templates.ts";

/** The average Fortitude / Reflex / Will of a creature of `level` (4E DMG: level + 12). */
export const averageDefense = (level: number): number => level + 12;

/** One role: how many creatures, their mean offset from the average per defense, and the role table's offset. */
export interface RoleRow {
  role: string;
  count: number;
  /** Mean of (defense - (level + 12)); creatures without level or defenses do not count here. */
  mean: Record<RoleDefenseName, number>;
  /** Creatures the mean is taken over. */
  measured: number;
  /** The role table (001): +1 strong, 0 average, -1 weak; undefined for a role not in the table. */
  expected?: Record<RoleDefenseName, number> | undefined;
}

/** A creature's role: the system's (4E `role.primary`), else the role template applied on the Defenses tab. */
export function roleOf(creature: CreatureInfo, defenses: Defenses): string | undefined {
  if (creature.role !== undefined) return creature.role;
  const tagged = defenses.roleDefenses.find((r) => r.template?.startsWith("role."));
  return tagged?.template?.slice("role.".length);
}

/** Per-role rows, in the role table's order, then other roles by name. Rows only for roles that occur. */
export function roleRows(population: readonly { creature: CreatureInfo; defenses: Defenses }[]): RoleRow[] {
  const acc = new Map<string, { count: number; measured: number; sum: Record<RoleDefenseName, number> }>();
  for (const { creature, defenses } of population) {
    const role = roleOf(creature, defenses);
    if (role === undefined) continue;
    const a = acc.get(role) ?? { count: 0, measured: 0, sum: { fortitude: 0, reflex: 0, will: 0 } };
    a.count++;
    const d = creature.defenses;
    if (d !== undefined && creature.level !== undefined) {
      const avg = averageDefense(creature.level);
      a.measured++;
      a.sum.fortitude += d.fortitude - avg;
      a.sum.reflex += d.reflex - avg;
      a.sum.will += d.will - avg;
    }
    acc.set(role, a);
  }
  const order = ROLE_TEMPLATES.map((t) => t.id.slice("role.".length));
  const roles = [...acc.keys()].sort((x, y) => {
    const [i, j] = [order.indexOf(x), order.indexOf(y)];
    return (i < 0 ? 99 : i) - (j < 0 ? 99 : j) || x.localeCompare(y);
  });
  return roles.map((role) => {
    const a = acc.get(role)!;
    const m = (v: number) => (a.measured === 0 ? 0 : v / a.measured);
    const table = ROLE_TEMPLATES.find((t) => t.id === `role.${role}`);
    const expected = table === undefined ? undefined : { fortitude: STRENGTH_MODIFIER[table.defenses.fortitude], reflex: STRENGTH_MODIFIER[table.defenses.reflex], will: STRENGTH_MODIFIER[table.defenses.will] };
    return { role, count: a.count, measured: a.measured, mean: { fortitude: m(a.sum.fortitude), reflex: m(a.sum.reflex), will: m(a.sum.will) }, expected };
  });
}
