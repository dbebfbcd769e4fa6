export * from "./confirm-stablecoin-payment"
export * from "./reconcile-stablecoin-payments"
