import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { StablecoinConnectProviderService, StablecoinDepositProviderService } from "./services"

export default ModuleProvider(Modules.PAYMENT, {
  services: [StablecoinConnectProviderService, StablecoinDepositProviderService],
})
