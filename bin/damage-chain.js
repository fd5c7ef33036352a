#!/usr/bin/env node
// The damage-chain CLI runs straight from the TypeScript sources through tsx.
import { register } from "tsx/esm/api";

register();
await import("../src/cli/main.ts");
