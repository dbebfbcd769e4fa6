import { Module } from "@medusajs/framework/utils"
import validateOptionsLoader from "./loaders/validate-options"
import StablecoinModuleService from "./service"

export const STABLECOIN_MODULE = "stablecoin"

export default Module(STABLECOIN_MODULE, {
  service: StablecoinModuleService,
  loaders: [validateOptionsLoader],
})

export type { StablecoinModuleService }
