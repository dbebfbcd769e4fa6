export * from "./parse-plugin-options"
export * from "./plugin-options"
