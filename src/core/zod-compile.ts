/**
 * zod's schema compiler (`z.compile`: zod 4.6.7 `v4/core/compile.js`), in a
 * chunk of its own: `zod.ts` loads it only once a schema is parsed often, so
 * the module's entry bundle does not carry it (some 9 KB gzipped).
 */
export { compile } from "zod/mini";
