// Builds the `damage-chain` command into bin/dist/: src/cli, the rules core and
// the npm packages they import, bundled for Node, so start-up reads one file
// instead of resolving hundreds (zod alone is ~80 ms of module loading). No
// TypeScript loader runs at start-up. The Foundry CLI (a native LevelDB
// binding, loaded only when `report` reads a pack) stays external.
// - cli.cjs: the command. CommonJS, so that bin/damage-chain.js can compile it
//   with a V8 code cache (bin/code-cache.js): Node 20 has no code cache for
//   ES modules. What only some commands need (`report`,
//   the tables) are chunks of their own, required when those commands run.
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
    rollupOptions: {
      external: ["@foundryvtt/foundryvtt-cli"],
      // Every module the entry loads at once stays in cli.cjs; the chunks require it. No comments: less to read
      // and hash at each start, and the code cache leaves alone only the files that really call import().
      output: { entryFileNames: "cli.cjs", chunkFileNames: "[name].cjs", format: "cjs", comments: false, codeSplitting: { groups: [{ name: "cli", tags: ["$initial"] }] } },
    },
  },
});
