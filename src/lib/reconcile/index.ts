export * from "./next-poll-at"
export * from "./run-with-concurrency"
