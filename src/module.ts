/**
 * Damage Chain entry file: it only wires things up. Everything that touches
 * Foundry lives in src/foundry/; the rules live in src/core/.
 */
import "../styles/damage-chain.scss";
