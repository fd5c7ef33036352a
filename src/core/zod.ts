/**
 * The validation library, set up in one place: every schema imports `z` from
 * here. zod/mini is zod's own tree-shakable form (the same zod core and the
 * same issues as classic zod, with functions such as `z.optional(s)` and
 * checks such as `s.check(z.minLength(1))` instead of methods), so the
 * module's bundle keeps only what the schemas use. No zod locale is loaded:
 * every message a user reads comes from the module's own error map over its
 * lang files (`messages.ts`), which each entry point installs before it
 * validates anything a user sees (Foundry's `i18nInit`, the CLI, the tests);
 * before that, zod says only "Invalid input".
 */
import { z } from "zod/mini";

export { z };

/**
 * How many parses of one schema through {@link compiled} run on zod's
 * runtime parser before the schema is compiled. Compiling is paid once and
 * up front: 30 to 100 ms for the stored flags or the defender schema (zod
 * generates some 130,000 characters of code for either), where the runtime
 * parser spends 15 to 100 µs per read of an actor's flags (the state alone;
 * 20 defenses) and the compiled one a half to a fifth of that. As renting
 * skis until the rent paid reaches the price (the classic online rule that
 * never pays more than twice the best choice made knowing the future), a
 * schema is compiled only once its runtime parses have cost about what
 * compiling it does: a session of a few hits never compiles (no pause on the
 * first hit, no one-off CLI run paying for it); one that reads thousands of
 * flags afresh (area hits on hundreds of actors, hit after hit; the system's
 * traits counted live on every hit) does.
 */
export const COMPILE_AFTER = 2000;

/** Parses so far through {@link compiled}, per schema not yet compiled. */
const uses = new WeakMap<z.ZodMiniType, number>();
const compiledSchemas = new WeakMap<z.ZodMiniType, z.ZodMiniType>();

/** zod's compiler once its chunk has loaded ({@link loadCompiler}). */
let compile: (<S extends z.ZodMiniType>(schema: S) => S) | undefined;
let loading: Promise<void> | undefined;

/**
 * Load zod's compiler (`zod-compile.ts`, a chunk of its own), once. Resolves
 * when it is loaded, or could not be (the schemas then keep the runtime
 * parser); never rejects. {@link compiled} calls it by itself when a schema
 * is half way to {@link COMPILE_AFTER} uses.
 */
export function loadCompiler(): Promise<void> {
  return (loading ??= import("./zod-compile.ts").then(
    (m) => {
      compile = m.compile;
    },
    () => undefined,
  ));
}

/**
 * The schema to parse with for `schema` read on every hit: `schema` itself
 * for its first {@link COMPILE_AFTER} uses (and until zod's compiler has
 * loaded: {@link loadCompiler}), then its compiled clone, the same one
 * every time. `z.compile` generates one function for the whole schema
 * tree (zod 4.6.7 `v4/core/compile.js` `compile` line 55, `compileFn` line
 * 151), where the runtime parser dispatches per node and allocates a payload
 * per field (zod/mini's objects are `$ZodObject`, the interpreted one
 * `v4/core/schemas.js` line 1003, never the `$ZodObjectJIT` of classic zod:
 * `v4/mini/schemas.js` `ZodMiniObject` line 445). A valid input takes the
 * compiled path; an invalid one falls back to `schema`'s own parser
 * (`withParser` line 81), so every problem, its path and its message are
 * the runtime's (refinements then run twice; ours are pure). A schema zod
 * cannot compile, or a page that refuses `new Function`, is handed back as
 * it is (`compile`'s catch) and parses as before.
 */
export function compiled<S extends z.ZodMiniType>(schema: S): S {
  const fast = compiledSchemas.get(schema) as S | undefined;
  if (fast !== undefined) return fast;
  const n = (uses.get(schema) ?? 0) + 1;
  if (n >= COMPILE_AFTER / 2) void loadCompiler();
  if (n < COMPILE_AFTER || compile === undefined) {
    uses.set(schema, n);
    return schema;
  }
  const made = compile(schema);
  compiledSchemas.set(schema, made);
  uses.delete(schema);
  return made;
}
