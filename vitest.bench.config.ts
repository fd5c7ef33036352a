import { defineConfig } from "vitest/config";

/** `npm run bench`'s measurements that drive the module through the Foundry test double (`bench/*.measure.ts`). */
export default defineConfig({
  test: {
    include: ["bench/**/*.measure.ts"],
    setupFiles: ["test/setup-lang.ts"],
    testTimeout: 600_000,
  },
});
