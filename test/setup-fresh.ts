/**
 * Vitest setup for the adapter suite, which runs with `isolate: false` (a
 * worker keeps Vitest and the libraries loaded from one test file to the
 * next): the project's own modules are forgotten before each file, so a
 * file's imports of `src/` start from fresh module state (a system folder
 * registered by the file before, a setting read, a chunk loaded), as they
 * would in a worker of its own.
 */
import { vi } from "vitest";

vi.resetModules();
