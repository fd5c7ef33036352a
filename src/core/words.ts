/**
 * A system's own words for the chain's steps. Under the pf2e profile the flat
 * FDR and DV steps are pf2e's resistance and weakness (foundryvtt/pf2e
 * `src/module/system/damage/iwr.ts` `applyIWR`), so the card, the Defenses
 * tab and the CLI name them as pf2e does ("Resistance 5 Fire", "Weakness"),
 * not in 000's abbreviations ("FDR 5 Fire", "Damage Vulnerability") — for
 * imported entries and for entries a GM adds by hand alike.
 *
 * Done as a {@link Localizer} that reads a few keys from
 * `DAMAGECHAIN.Words.<words>.*` instead: every formatter (`explain.ts`,
 * `strip.ts`, the tab's labels) then speaks the system's words without
 * knowing about them. Pure.
 */
import { PF2E_PROFILE_ID } from "./profile-registry.ts";

/** The systems whose words the chain can speak. */
export type Words = "pf2e";

/**
 * Keys read elsewhere under each system's words: by default at
 * `DAMAGECHAIN.Words.<words>.<rest of the key>`, or at the key given (the
 * names the importer already gives pf2e's resistance and weakness).
 */
const REWORDED: Record<Words, ReadonlyMap<string, string>> = {
  pf2e: new Map([
    ...["Step.fdr", "Step.dv", "Trace.fdr.none", "Trace.fdr.reduced", "Trace.dv.none", "Trace.dv.added", "Sheet.Kind.FDR", "Sheet.Kind.DV", "Sheet.Section.flat", "Sheet.Hint.flat"].map(
      (k): [string, string] => [k, `DAMAGECHAIN.Words.pf2e.${k}`],
    ),
    ["Defense.FDR", "DAMAGECHAIN.Defense.pf2eResistance"],
    ["Defense.DV", "DAMAGECHAIN.Defense.pf2eWeakness"],
  ]),
};

/** Whose words the profile `profileId` speaks (undefined: the chain's own). */
export function wordsOf(profileId: string | undefined): Words | undefined {
  return profileId === PF2E_PROFILE_ID ? "pf2e" : undefined;
}

/** The key `key` stands for in `words` (the key itself when it is not reworded). */
export function rewordedKey(key: string, words: Words | undefined): string {
  if (words === undefined || !key.startsWith("DAMAGECHAIN.")) return key;
  return REWORDED[words].get(key.slice("DAMAGECHAIN.".length)) ?? key;
}

/** A translation table: the core's `Localizer`, or the CLI's whose params may also be numbers. */
export interface WordTable<P> {
  format(key: string, params?: P): string;
  has(key: string): boolean;
}

/** `l` speaking `words` (`l` itself when undefined). */
export function inWords<P>(l: WordTable<P>, words: Words | undefined): WordTable<P> {
  if (words === undefined) return l;
  return { format: (key, params) => l.format(rewordedKey(key, words), params), has: (key) => l.has(rewordedKey(key, words)) };
}
