/**
 * Typed access to a step's `options`. The profile schema already parses every
 * link's options with its step schema (`STEP_OPTION_SCHEMAS` in
 * `model/profile.ts`), so here the same schema only gives the result its type;
 * the parse runs once per options object (cached by identity), not per hit.
 */
import type { z } from "../zod.ts";
import type { StepId } from "../model/profile.ts";

/**
 * A reader for `step`'s options. The reader returns the parsed options (defaults
 * filled in) and throws `Error("steps.<step>.options.<field>: <reason>")` when
 * given options that never went through the profile schema and are invalid.
 */
export function optionsReader<S extends z.ZodMiniType>(step: StepId, schema: S): (options: Record<string, unknown>) => z.output<S> {
  const cache = new WeakMap<object, z.output<S>>();
  // The options read last, kept at hand: a profile's step reads the same options object hit after hit.
  let lastOptions: object | undefined;
  let last: z.output<S> | undefined;
  return (options) => {
    if (options === lastOptions) return last!;
    let hit = cache.get(options);
    if (hit === undefined) hit = parse(options);
    lastOptions = options;
    last = hit;
    return hit;
  };
  function parse(options: Record<string, unknown>): z.output<S> {
    const parsed = schema.safeParse(options);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue === undefined || issue.path.length === 0 ? "" : `.${issue.path.map(String).join(".")}`;
      throw new Error(`steps.${step}.options${field}: ${issue?.message ?? "invalid options"}`);
    }
    cache.set(options, parsed.data);
    return parsed.data;
  }
}
