import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Four projects: the adapter suite (`test/foundry`) runs twice, against the
 * test double playing Foundry 13 and Foundry 14 (`DC_FOUNDRY_GENERATION`, read
 * by `test/foundry/double.ts`); the browser tests (`test/browser`) share one
 * Chromium started by their global setup, and each worker keeps its pages
 * from one browser test file to the next (`test/browser/support.ts`);
 * everything else runs once ("main").
 *
 * `isolate: false` for every project: a worker keeps its module
 * graph from one test file to the next instead of importing it again for each
 * (most of the suite's time was that import). Vitest and the libraries stay
 * loaded, but `test/setup-fresh.ts` forgets the project's own modules before
 * each file, so no file sees module state another left (a system folder
 * registered, a setting read: a 1,000-target card's undo was refused after
 * the Daggerheart file when it did not); each test of the adapter suite also
 * builds its own `World`, whose clients load a fresh copy of the module.
 */
const foundry = (generation: 13 | 14) => ({
  extends: true as const,
  test: { name: `foundry-v${generation}`, include: ["test/foundry/**/*.test.ts"], isolate: false, setupFiles: ["test/setup-fresh.ts", "test/setup-lang.ts"], env: { DC_FOUNDRY_GENERATION: String(generation) } },
});

const setupFiles = ["test/setup-lang.ts", "test/setup-core.ts"];
/** `setup-fresh.ts` first: with `isolate: false`, each file still imports `src/` afresh. */
const freshSetupFiles = ["test/setup-fresh.ts", ...setupFiles];

export default defineConfig({
  test: {
    setupFiles: ["test/setup-lang.ts"],
    testTimeout: 30_000,
    // Vitest's default in a run is one worker fewer than the CPUs: one worker on a 2-CPU machine, where a
    // clean-clone `npm test` then took 5 min 40 s and two workers 3 min 25 s (typecheck and lint beside them).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: "main", include: ["test/**/*.test.ts"], exclude: ["test/foundry/**", "test/browser/**", "**/node_modules/**"], isolate: false, globalSetup: ["test/global-setup.ts"], setupFiles: freshSetupFiles } },
      { extends: true, test: { name: "browser", include: ["test/browser/**/*.test.ts"], isolate: false, globalSetup: ["test/browser/global-setup.ts"], setupFiles: freshSetupFiles, hookTimeout: 180_000 } },
      foundry(13),
      foundry(14),
    ],
  },
});
