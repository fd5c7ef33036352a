// Builds the `damage-chain` command into bin/dist/cli.js: src/cli, the rules
// core and the npm packages they import, bundled as one ES module for Node, so
// start-up reads one file instead of resolving hundreds (zod alone is ~80 ms of
// module loading). No TypeScript loader runs at start-up. The Foundry CLI (a
// native LevelDB binding, loaded only when `report` reads a pack) stays external.
// Built by `npm run build:cli`, which `prepare` (npm ci / npm install) and
// `npm run build` call, and by the vitest global setup before the CLI tests.
// bin/dist is two folders deep, like src/cli, so the CLI's reads of
// ../../package.json, module.json and lang/ find the repository root from both.
import { defineConfig } from "vite";

export default defineConfig({
  publicDir: false,
  ssr: { noExternal: true },
  logLevel: "warn",
  build: {
    ssr: "src/cli/main.ts",
    outDir: "bin/dist",
    emptyOutDir: true,
    target: "node20",
    minify: false,
    sourcemap: false,
    rollupOptions: { external: ["@foundryvtt/foundryvtt-cli"], output: { entryFileNames: "cli.js", chunkFileNames: "[name].js", format: "es" } },
  },
});
