/** The system programs the tests use: re-exported from scripts/system.mjs, the one place scripts and tests share. */
export * from '../scripts/system.mjs';
