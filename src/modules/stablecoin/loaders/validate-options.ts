import type { LoaderOptions } from "@medusajs/framework/types"
import { pluginRuntimeOf } from "#src/lib/runtime/plugin-runtime"

/** Invalid options stop the app at boot, naming each wrong option. */
export default async function validateOptionsLoader({ options }: LoaderOptions) {
  pluginRuntimeOf(options)
}
