export * from "./confirm-stablecoin-payment"
