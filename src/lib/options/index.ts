export * from "./parse-plugin-options"
export * from "./plugin-options"
export * from "./create-service-client-from-options"
