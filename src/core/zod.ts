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
