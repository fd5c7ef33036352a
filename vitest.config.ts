import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/setup-lang.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
  },
});
