/** The four endpoints of the service (docs/architecture.md#endpoints), each `POST {baseUrl}/<name>`. */
export const SERVICE_ENDPOINTS = {
  createQuote: "create-quote",
  createPoolConnect: "create-pool-connect",
  createPoolDeposit: "create-pool-deposit",
  poolDepositStatus: "pool-deposit-status",
} as const

export type ServiceEndpoint = (typeof SERVICE_ENDPOINTS)[keyof typeof SERVICE_ENDPOINTS]

/**
 * Calls that consume a quote. Once such a request may have reached the service, resending it is
 * never done: the caller starts again with a fresh quote.
 */
export const POOL_CREATION_ENDPOINTS: ReadonlySet<ServiceEndpoint> = new Set([
  SERVICE_ENDPOINTS.createPoolConnect,
  SERVICE_ENDPOINTS.createPoolDeposit,
])
