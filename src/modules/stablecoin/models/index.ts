export { default as StablecoinPayment } from "./stablecoin-payment"
export { default as StablecoinWebhookEvent } from "./stablecoin-webhook-event"
export { default as StablecoinReconcileRun } from "./stablecoin-reconcile-run"
export { default as StablecoinPaymentReceipt } from "./stablecoin-payment-receipt"
