/**
 * Deletions in the form this Foundry takes. The core writes a
 * deletion as the marker `parent.-=key: null` (`core/update-paths.ts`): it
 * is plain data, and it is the form cards store (so cards stored before this
 * still undo). Foundry v13 takes that marker as it is. Foundry v14
 * deprecates it (a compatibility warning until v16, foundryvtt/foundryvtt#13090)
 * for `parent.key: foundry.data.operators.ForcedDeletion.create()`, so on
 * generation 14 and later every marker is turned into that at write time.
 */
import { deletionTarget, type FlatUpdate } from "../../core/update-paths.ts";
import { dataOperators, generation } from "../v14-declarations.ts";

/** The v14 deletion operator when this Foundry wants it (generation ≥ 14), else undefined (v13: keep `-=`). */
function forcedDeletion(): object | undefined {
  return generation() >= 14 ? dataOperators()?.ForcedDeletion.create() : undefined;
}

/**
 * `update` as this Foundry takes it: on v13 the same object; on v14 a copy in
 * which every `a.-=k: null` is `a.k: ForcedDeletion`. Other keys unchanged.
 */
export function writeForm<T extends FlatUpdate>(update: T): T {
  if (generation() < 14 || !Object.keys(update).some((p) => deletionTarget(p) !== undefined)) return update;
  const out: FlatUpdate = {};
  for (const [path, value] of Object.entries(update)) {
    const [key, written] = writeEntry(path, value);
    // An own key even when it is `__proto__` (a plain assignment would set the prototype).
    Object.defineProperty(out, key, { value: written, enumerable: true, writable: true, configurable: true });
  }
  return out as T;
}

/** One write of the core form (`path`, `value`) as this Foundry takes it: `[path, value]` or, for a deletion on v14, `[target, ForcedDeletion]`. */
export function writeEntry(path: string, value: unknown): [string, unknown] {
  const target = deletionTarget(path);
  const del = target === undefined ? undefined : forcedDeletion();
  return target !== undefined && del !== undefined ? [target, del] : [path, value];
}
