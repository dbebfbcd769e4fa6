const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

const transform = {
  "^.+\\.[jt]sx?$": [
    "@swc/jest",
    { jsc: { parser: { syntax: "typescript", tsx: true, decorators: true }, target: "es2021" } },
  ],
}
const common = {
  transform,
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: ["<rootDir>/dist/", "<rootDir>/.medusa/"],
}

/** Unit tests: pure logic beside the code. Integration: real anvil, sandbox over HTTP, Medusa on Postgres. */
module.exports = {
  // Each Medusa app boot leaves realm-bound state in the worker process ("Map.prototype.set called
  // on incompatible receiver" in the next file's boot), so a worker is recycled after every file:
  // a limit below what one Medusa boot uses does that.
  workerIdleMemoryLimit: "256MB",
  projects: [
    { ...common, displayName: "unit", testMatch: ["<rootDir>/{src,sandbox,scripts}/**/__tests__/**/*.spec.[jt]s?(x)"] },
    {
      ...common,
      displayName: "integration",
      testMatch: ["<rootDir>/integration-tests/**/*.spec.[jt]s"],
      testPathIgnorePatterns: ["/node_modules/", "<rootDir>/integration-tests/reliability/"],
      globalSetup: "<rootDir>/integration-tests/setup/global-setup.ts",
      globalTeardown: "<rootDir>/integration-tests/setup/global-teardown.ts",
      setupFiles: ["<rootDir>/integration-tests/setup/env.js"],
    },
    {
      // Several `medusa start` processes on one database, Redis, kill -9 (RELIABILITY.md); run in band.
      ...common,
      displayName: "reliability",
      testMatch: ["<rootDir>/integration-tests/reliability/**/*.spec.[jt]s"],
      globalSetup: "<rootDir>/integration-tests/setup/global-setup.ts",
      globalTeardown: "<rootDir>/integration-tests/setup/global-teardown.ts",
      setupFiles: ["<rootDir>/integration-tests/setup/env.js"],
    },
  ],
}
