// Builds the installable module into dist/: the ES module, CSS compiled from
// SCSS (sass), module.json, lang/ and templates/. `npm run build` then builds
// the compendium packs and the release zip (scripts/).
import { defineConfig } from "vite";
import { viteStaticCopy } from "vite-plugin-static-copy";

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
    // The Quench batches, the Defenses tab's body and the windows are
    // dynamic imports (src/foundry/quench.ts, sheet/index.ts, apps/lazy.ts): their own chunks, loaded on
    // first use. Every module the entry loads at once ($initial) stays in damage-chain.js, and the chunks
    // import what they share with it from there, instead of a third, always-loaded common file.
    rollupOptions: {
      preserveEntrySignatures: "allow-extension",
      output: { assetFileNames: "damage-chain.[ext]", minify: true, comments: { annotation: false }, codeSplitting: { groups: [{ name: "damage-chain", tags: ["$initial"] }] } },
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
