// Lint rules. The rules core (src/core) must stay pure: no Foundry globals,
// no adapter imports, no hidden time or randomness (both are passed in).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import importX, { createNodeResolver } from "eslint-plugin-import-x";

const FOUNDRY_GLOBALS = ["game", "Hooks", "CONFIG", "ui", "foundry", "canvas", "window", "document", "fromUuid", "fromUuidSync", "ChatMessage", "Actor", "Token", "socketlib", "libWrapper"];

/** src/foundry's folders, lowest first: a folder may import those before it, not those after it (issue 22 §1). */
const LAYERS = ["settings", "actor", "relay", "card", "hit", "gm", "sheet", "apps", "systems", "hooks"];
const LAYER_ZONES = LAYERS.slice(0, -1).map((folder, i) => ({
  target: `./src/foundry/${folder}`,
  from: LAYERS.slice(i + 1).map((above) => `./src/foundry/${above}`),
  message: `src/foundry/${folder} must not import a folder above it (order: ${LAYERS.join(" ← ")}).`,
}));

export default tseslint.config(
  { ignores: ["dist/**", "bin/dist/**", "release/**", "node_modules/**", "artifacts/**", "packs/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // No import circles anywhere (src/foundry is layered by folder: hooks → hit/card/relay → actor/settings → core).
    files: ["src/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".js"] })],
    },
    rules: {
      "import-x/no-cycle": "error",
      // src/foundry's folders depend one way (docs/architecture.md): each may import the ones before it,
      // never one after it. Top-level files (constants, localizer, hook-types...) are leaves anyone may import.
      "import-x/no-restricted-paths": ["error", { zones: LAYER_ZONES }],
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/core/**/*.ts"],
    rules: {
      "no-restricted-globals": ["error", ...FOUNDRY_GLOBALS.map((name) => ({ name, message: "src/core is pure: no Foundry or browser globals. Pass data in from src/foundry." }))],
      "no-restricted-properties": [
        "error",
        { object: "Math", property: "random", message: "Randomness is passed in (RandomSource)." },
        { object: "Date", property: "now", message: "Time is passed in (game seconds)." },
      ],
      "no-restricted-syntax": ["error", { selector: "NewExpression[callee.name='Date']", message: "Time is passed in (game seconds)." }],
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/foundry/**", "@league-of-foundry-developers/*"], message: "src/core must not depend on the Foundry adapter." }] }],
    },
  },
);
