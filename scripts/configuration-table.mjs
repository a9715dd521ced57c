#!/usr/bin/env node
/**
 * The Configuration table of .github/OPERATIONS.md, made from the settings' declarations (SETTINGS of
 * src/settings.ts): a markdown header, its separator and one row per variable, in SETTINGS order.
 * tests/unit/settings.test.ts keeps the document equal to it. Print a new table after changing a setting:
 *
 *   node_modules/.bin/node scripts/configuration-table.mjs
 */
import { SETTINGS } from '../src/settings.ts';

/**
 * The table.
 * @returns {string} its lines joined with `\n`, no trailing newline
 */
export function configurationTable() {
  const rows = Object.entries(SETTINGS).map(([name, { use, meaning }]) => `| \`${name}\` | ${use} | ${meaning} |`);
  return ['| variable | where | meaning |', '|---|---|---|', ...rows].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(configurationTable());
