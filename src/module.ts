/**
 * Damage Chain entry file: it only wires things up. Everything that touches
 * Foundry lives in src/foundry/; the rules live in src/core/.
 */
import "../styles/damage-chain.scss";
import { registerDamageChain } from "./foundry/register.ts";
import { registerDefensesTab } from "./foundry/sheet/index.ts";

registerDamageChain();
Hooks.once("init", registerDefensesTab);
