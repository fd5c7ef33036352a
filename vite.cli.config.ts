// Builds the `damage-chain` command into bin/dist/cli.js: our own TypeScript
// (src/cli and the rules core it uses) bundled as one ES module for Node, the
// npm dependencies left as imports. No TypeScript loader runs at start-up.
// Built by `npm run build:cli`, which `prepare` (npm ci / npm install) and
// `npm run build` call, and by the vitest global setup before the CLI tests.
// bin/dist is two folders deep, like src/cli, so the CLI's reads of
// ../../package.json, module.json and lang/ find the repository root from both.
import { defineConfig } from "vite";

export default defineConfig({
  publicDir: false,
  logLevel: "warn",
  build: {
    ssr: "src/cli/main.ts",
    outDir: "bin/dist",
    emptyOutDir: true,
    target: "node20",
    minify: false,
    sourcemap: false,
    rollupOptions: { output: { entryFileNames: "cli.js", chunkFileNames: "[name].js", format: "es" } },
  },
});
