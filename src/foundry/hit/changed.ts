/**
 * Reading and rewriting the `changed` object a `preUpdate` hook receives.
 * Callers may pass flat keys (`"system.attributes.hp.value": 5`) or nested
 * objects; both are handled, so a rewrite lands where Foundry will read it.
 */
import { readPath, writePath } from "../../core/update-paths.ts";

/** The value `changed` sets at `path`, or undefined when it does not set one. */
export function readChange(changed: Record<string, unknown>, path: string): unknown {
  return path in changed ? changed[path] : readPath(changed, path);
}

/** Make `changed` set `value` at `path` (a `-=key` last segment deletes; on v14 pass `write-form.ts` `writeEntry`). Mutates `changed`. */
export function writeChange(changed: Record<string, unknown>, path: string, value: unknown): void {
  if (path in changed) changed[path] = value;
  else writePath(changed, path, value);
}

/** Make `changed` no longer set anything at `path` (flat key or nested), so the update leaves that field as the server has it. Mutates `changed`. */
export function dropChange(changed: Record<string, unknown>, path: string): void {
  delete changed[path];
  const dot = path.lastIndexOf(".");
  const parent = dot < 0 ? changed : readPath(changed, path.slice(0, dot));
  if (typeof parent === "object" && parent !== null) delete (parent as Record<string, unknown>)[path.slice(dot + 1)];
}
