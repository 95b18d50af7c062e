// Types of core-layers.js for the TypeScript that imports it (its test).
import type { ESLint } from 'eslint';

export declare const CORE_LAYERS: string[][];
declare const plugin: ESLint.Plugin;
export default plugin;
