import type { LoaderOptions } from "@medusajs/framework/types"
import { parsePluginOptions } from "../../../lib/options"

/** Invalid options stop the app at boot, naming each wrong option. */
export default async function validateOptionsLoader({ options }: LoaderOptions) {
  parsePluginOptions(options)
}
