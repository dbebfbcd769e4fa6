export { default as StablecoinConnectProviderService } from "./stablecoin-connect"
export { default as StablecoinDepositProviderService } from "./stablecoin-deposit"
