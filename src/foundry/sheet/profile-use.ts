/**
 * What the Defenses tab needs to know of the active profile to show only
 * what it applies: its enabled steps, the pools its steps take damage from,
 * and whether it reads the card game's creature traits. Pure.
 */
import type { Profile } from "../../core/model/profile.ts";

/** What a profile applies, as the tab reads it. */
export interface ProfileUse {
  /** The enabled step ids, in chain order. */
  steps: string[];
  /**
   * The resources its steps take damage from, in chain order, each once:
   * the `pools` step's `order` (a "ward"), the `guard` step's resource, the
   * `life` step's resource (RULES.md §2.8-§2.10; `model/profile.ts` options).
   */
  resources: string[];
  /**
   * It reads the creature traits `immortal`, `champion`, `ally` (002): a
   * `life` step in `counters` mode (`core/steps/life.ts` `markCounters`).
   */
  creatureTraits: boolean;
}

/** The {@link ProfileUse} of `profile` (a parsed profile: step options have their defaults). */
export function profileUse(profile: Profile): ProfileUse {
  const links = profile.steps.filter((l) => l.enabled);
  const resources: string[] = [];
  const add = (key: unknown) => {
    if (typeof key === "string" && key !== "" && !resources.includes(key)) resources.push(key);
  };
  for (const l of links) {
    if (l.step === "pools" && Array.isArray(l.options.order)) l.options.order.forEach(add);
    if (l.step === "guard" || l.step === "life") add(l.options.resource);
  }
  return {
    steps: links.map((l) => l.step),
    resources,
    creatureTraits: links.some((l) => l.step === "life" && l.options.mode === "counters"),
  };
}
