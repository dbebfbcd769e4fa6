export * from "./build-explorer-link"
export * from "./default-explorer-urls"
