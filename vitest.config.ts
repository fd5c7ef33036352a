import { defineConfig } from "vitest/config";

/**
 * Three projects: the adapter suite (`test/foundry`) runs twice, against the
 * test double playing Foundry 13 and Foundry 14 (`DC_FOUNDRY_GENERATION`, read
 * by `test/foundry/double.ts`; issue 19 §3); everything else runs once.
 */
const foundry = (generation: 13 | 14) => ({
  extends: true as const,
  test: { name: `foundry-v${generation}`, include: ["test/foundry/**/*.test.ts"], env: { DC_FOUNDRY_GENERATION: String(generation) } },
});

export default defineConfig({
  test: {
    setupFiles: ["test/setup-lang.ts"],
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: "main", include: ["test/**/*.test.ts"], exclude: ["test/foundry/**", "**/node_modules/**"], globalSetup: ["test/global-setup.ts"], setupFiles: ["test/setup-lang.ts", "test/setup-core.ts"] } },
      foundry(13),
      foundry(14),
    ],
  },
});
