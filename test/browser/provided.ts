/**
 * What the browser project's global setup (`./global-setup.ts`) hands every
 * browser test file through Vitest's `provide`/`inject`.
 */
declare module "vitest" {
  export interface ProvidedContext {
    /** The shared Chromium's playwright endpoint (`BrowserServer#wsEndpoint`), for `chromium.connect`. */
    chromiumEndpoint: string;
    /** The harness page (`harness/page.ts`) bundled as one classic script. */
    harness: string;
    /** The module's stylesheet (`styles/damage-chain.scss`), compiled as the build does. */
    css: string;
  }
}

export {};
