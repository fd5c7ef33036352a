// Builds the installable module into dist/: the ES module, CSS compiled from
// SCSS (sass), module.json, lang/ and templates/. `npm run build` then builds
// the compendium packs and the release zip (scripts/).
import { defineConfig } from "vite";
import { viteStaticCopy } from "vite-plugin-static-copy";

/** The modules of the hit planner's chunk: `hit/plan.ts` and what only it (and later chunks) load. A system's own steps stay with its folder. */
const PLANNER =
  /\/src\/(core\/(chain|prepare|normalize|stored|stored-cache|undo|exceptions|conditions|context|pick|template-tags)\.ts|core\/steps\/(?!dnd5e|pf1|daggerheart|midiDr)|core\/resist\/|core\/import\/(pf2e-tag|types)\.ts|foundry\/actor\/(system-traits|data|snapshot|saves)\.ts|foundry\/hit\/(plan|same-hit)\.ts)/;

export default defineConfig({
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    target: "es2022",
    cssCodeSplit: false,
    // Minified twice: rolldown's minifier (output.minify below), then terser with two compress passes over its
    // output, which leaves the entry file ~1 KB smaller gzipped than either alone (issue 8 §4: 45,290 → 44,295 bytes).
    minify: "terser",
    terserOptions: { module: true, compress: { passes: 2 } },
    lib: { entry: "src/module.ts", formats: ["es"], fileName: () => "damage-chain.js", cssFileName: "damage-chain" },
    // `comments.annotation: false`: no `/* #__PURE__ */` marks in the output (88 in the entry); they only help a
    // later bundler tree-shake, and Foundry loads these files as they are (entry 50,759 → 50,608 bytes gzipped).
    // The hit planner (src/foundry/hit/load-plan.ts: the chain with every world's steps, reading an actor's flags) is a
  // chunk that register.ts starts loading at init without waiting for it; PLANNER keeps it one file instead of the
  // nine shared pieces the splitter would cut it into (chunks that need a piece of it, such as the undo check or the
  // sheet, import it from there). The combat hooks' state changes (hooks/load-lifecycle.ts) are one chunk likewise.
  // The Quench batches, the Defenses tab's body and the windows are
    // dynamic imports (src/foundry/quench.ts, sheet/index.ts, apps/lazy.ts): their own chunks, loaded on
    // first use. Every module the entry loads at once ($initial) stays in damage-chain.js, and the chunks
    // import what they share with it from there, instead of a third, always-loaded common file.
    rollupOptions: {
      preserveEntrySignatures: "allow-extension",
      output: {
        assetFileNames: "damage-chain.[ext]", minify: true, comments: { annotation: false },
        codeSplitting: { groups: [{ name: "damage-chain", tags: ["$initial"] }, { name: "plan", test: PLANNER }, { name: "lifecycle", test: /\/src\/(core|foundry\/actor)\/lifecycle\.ts$/ }] },
      },
    },
  },
  plugins: [
    viteStaticCopy({
      targets: [
        { src: "module.json", dest: "." },
        { src: "lang", dest: "." },
        { src: "templates", dest: "." },
        { src: "README.md", dest: "." },
      ],
    }),
  ],
});
