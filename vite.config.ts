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
    lib: { entry: "src/module.ts", formats: ["es"], fileName: () => "damage-chain.js", cssFileName: "damage-chain" },
    // The Quench batches are a dynamic import (src/foundry/quench.ts): their own chunk, which imports the
    // modules it shares with the entry from damage-chain.js instead of splitting them into a third file.
    rollupOptions: { preserveEntrySignatures: "allow-extension", output: { assetFileNames: "damage-chain.[ext]" } },
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
