import { defineConfig } from 'vitest/config';

// One config for every level of test. End-to-end and corpus tests build and start real servers, so they get
// long timeouts; nothing here asserts on timing (speed is measured by `npm run bench`).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '.tmp/**', 'fixtures/**'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Builds the generator when src/ or templates/runtime/ is newer than dist/ (emit ships dist/templates/runtime).
    globalSetup: ['test/support/globalSetup.ts'],
    // Two cores: more workers only thrash when e2e tests compile generated projects.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
