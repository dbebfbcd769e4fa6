import { createServiceClient, type ServiceClient } from "../service-client/create-service-client"
import type { PluginOptions } from "./plugin-options"

/** The service client the plugin's options describe (providers and the reconcile job share it). */
export function createServiceClientFromOptions(options: PluginOptions): ServiceClient {
  return createServiceClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    timeoutMs: options.serviceTimeoutMs,
    maxRateLimitWaitMs: options.maxRateLimitWaitMs,
  })
}
