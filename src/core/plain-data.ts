/**
 * Is a value plain JSON data that Foundry can store and read back as it is?
 * Flags that another module or a macro wrote, and values passed to the API,
 * can hold anything: a BigInt (which `JSON.stringify` refuses), a function, a
 * class instance, a cycle, or an own `__proto__` key (which zod drops and an
 * object spread turns into a prototype). Such input is refused, naming where
 * it is, before any schema reads it.
 */
import { say } from "./messages.ts";

/** Where a value is not plain data (the path of keys and indexes from the root) and why. */
export interface PlainDataProblem {
  path: (string | number)[];
  message: string;
}

/** Deeper than this is refused (no data of the module nests more than a few levels). */
export const MAX_DEPTH = 64;

function isPlainObject(v: object): boolean {
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * The first place in `value` that is not plain JSON data (`["state",
 * "counters"]`: a BigInt cannot be stored), or
 * `undefined` when all of it is: null, booleans, strings, finite or not
 * numbers (zod judges those), arrays and plain objects without a `__proto__`
 * key, no cycles, at most {@link MAX_DEPTH} levels. Never throws.
 */
export function plainDataProblem(value: unknown): PlainDataProblem | undefined {
  // One path stack, copied only into a problem: this runs on every actor's flags at every hit.
  const path: (string | number)[] = [];
  const onPath = new Set<object>();
  const at = (message: string): PlainDataProblem => ({ path: [...path], message });
  const walk = (v: unknown): PlainDataProblem | undefined => {
    switch (typeof v) {
      case "bigint":
        return at(say("DAMAGECHAIN.Validation.BigInt"));
      case "function":
      case "symbol":
        return at(say("DAMAGECHAIN.Validation.NotData"));
      case "object": {
        if (v === null) return undefined;
        if (onPath.has(v)) return at(say("DAMAGECHAIN.Validation.Cycle"));
        if (path.length >= MAX_DEPTH) return at(say("DAMAGECHAIN.Validation.TooDeep", { depth: MAX_DEPTH }));
        if (Array.isArray(v)) {
          onPath.add(v);
          for (let i = 0; i < v.length; i++) {
            path.push(i);
            const problem = walk(v[i]);
            path.pop();
            if (problem !== undefined) return problem;
          }
          // A symbol key on an array is not data (holes and named properties are read as before: JSON has neither).
          if (Reflect.ownKeys(v).length !== v.length + 1 && Object.getOwnPropertySymbols(v).length > 0) return at(say("DAMAGECHAIN.Validation.NotData"));
          onPath.delete(v);
          return undefined;
        }
        if (!isPlainObject(v)) return at(say("DAMAGECHAIN.Validation.NotData"));
        onPath.add(v);
        for (const key of Reflect.ownKeys(v)) {
          if (typeof key === "symbol") return at(say("DAMAGECHAIN.Validation.NotData"));
          if (key === "__proto__") return { path: [...path, key], message: say("DAMAGECHAIN.Validation.KeyReserved", { name: key }) };
          path.push(key);
          const problem = walk((v as Record<string, unknown>)[key]);
          path.pop();
          if (problem !== undefined) return problem;
        }
        onPath.delete(v);
        return undefined;
      }
      default:
        return undefined;
    }
  };
  return walk(value);
}
