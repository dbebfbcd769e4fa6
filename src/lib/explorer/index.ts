export * from "./build-explorer-link"
export * from "./default-explorer-urls"
export * from "./explorer-url-of"
