/**
 * The validation library, set up in one place: every schema imports `z` from
 * here. zod/mini is zod's own tree-shakable form (the same zod core and the
 * same issues as classic zod, with functions such as `z.optional(s)` and
 * checks such as `s.check(z.minLength(1))` instead of methods), so the
 * module's bundle keeps only what the schemas use. Classic zod loads its
 * English messages by itself; zod/mini needs them configured, here.
 */
import { z } from "zod/mini";
import en from "zod/v4/locales/en.js";

z.config(en());

export { z };
