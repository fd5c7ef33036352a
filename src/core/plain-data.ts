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

/** A problem found by {@link walk}: the keys and indexes from the problem up to the root (reversed: each level adds its own on the way back), and why. */
interface Found {
  upward: (string | number)[];
  message: string;
}

const found = (message: string): Found => ({ upward: [], message });

/**
 * The first place in `value` that is not plain JSON data (`["state",
 * "counters"]`: a BigInt cannot be stored), or
 * `undefined` when all of it is: null, booleans, strings, finite or not
 * numbers (zod judges those), arrays and plain objects without a `__proto__`
 * key, no cycles, at most {@link MAX_DEPTH} levels. Never throws.
 */
export function plainDataProblem(value: unknown): PlainDataProblem | undefined {
  const problem = walk(value, []);
  return problem === undefined ? undefined : { path: problem.upward.reverse(), message: problem.message };
}

/**
 * The first problem in `v`, whose containers from the root are `ancestors`
 * (the objects and arrays being walked: a cycle is one of them met again, and
 * their number is the depth). This runs on every actor's flags read afresh,
 * so a value without a problem allocates nothing but the lists of an
 * object's keys (its names, its symbols: an empty list): the path is made
 * only for a problem, level by level as the walk returns, and an array's
 * keys are listed only when it has a symbol.
 */
function walk(v: unknown, ancestors: object[]): Found | undefined {
  switch (typeof v) {
    case "bigint":
      return found(say("DAMAGECHAIN.Validation.BigInt"));
    case "function":
    case "symbol":
      return found(say("DAMAGECHAIN.Validation.NotData"));
    case "object": {
      if (v === null) return undefined;
      if (ancestors.includes(v)) return found(say("DAMAGECHAIN.Validation.Cycle"));
      if (ancestors.length >= MAX_DEPTH) return found(say("DAMAGECHAIN.Validation.TooDeep", { depth: MAX_DEPTH }));
      if (Array.isArray(v)) {
        ancestors.push(v);
        for (let i = 0; i < v.length; i++) {
          const problem = walk(v[i], ancestors);
          if (problem !== undefined) {
            problem.upward.push(i);
            return problem;
          }
        }
        // A symbol key on an array is not data (holes and named properties are read as before: JSON has neither). The symbols are listed first: most arrays have none, and then the count of all keys is not needed.
        if (Object.getOwnPropertySymbols(v).length > 0 && Reflect.ownKeys(v).length !== v.length + 1) return found(say("DAMAGECHAIN.Validation.NotData"));
        ancestors.pop();
        return undefined;
      }
      if (!isPlainObject(v)) return found(say("DAMAGECHAIN.Validation.NotData"));
      ancestors.push(v);
      // Every own key, as `Reflect.ownKeys` lists them: the names first, then the symbols (ECMA-262 OrdinaryOwnPropertyKeys), read as two lists because V8 lists names alone many times faster.
      const names = Object.getOwnPropertyNames(v);
      for (let i = 0; i < names.length; i++) {
        const key = names[i]!;
        if (key === "__proto__") return { upward: [key], message: say("DAMAGECHAIN.Validation.KeyReserved", { name: key }) };
        const problem = walk((v as Record<string, unknown>)[key], ancestors);
        if (problem !== undefined) {
          problem.upward.push(key);
          return problem;
        }
      }
      if (Object.getOwnPropertySymbols(v).length > 0) return found(say("DAMAGECHAIN.Validation.NotData"));
      ancestors.pop();
      return undefined;
    }
    default:
      return undefined;
  }
}
