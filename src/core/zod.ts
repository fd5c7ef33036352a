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

const compiledSchemas = new WeakMap<z.ZodMiniType, z.ZodMiniType>();

/**
 * `schema` compiled by zod on its first use here, then the same clone every
 * time: `z.compile` generates one function for the whole schema tree (zod
 * 4.6.7 `v4/core/compile.js` `compile`, `compileFn`), where the runtime
 * parser dispatches per node and allocates a payload per field (zod/mini's
 * objects are `$ZodObject`, the interpreted one: `v4/mini/schemas.js`
 * `ZodMiniObject`). A valid input takes the compiled path; an invalid one
 * falls back to `schema`'s own parser, so every problem, its path and its
 * message are the runtime's (refinements then run twice; ours are pure). A
 * schema zod cannot compile, or a page that refuses `new Function`, is
 * handed back as it is and parses as before. Compiled on first use, not at
 * load: compiling a large schema takes milliseconds, and only the ones read
 * per hit are worth it.
 */
export function compiled<S extends z.ZodMiniType>(schema: S): S {
  let fast = compiledSchemas.get(schema) as S | undefined;
  if (fast === undefined) compiledSchemas.set(schema, (fast = z.compile(schema)));
  return fast;
}
