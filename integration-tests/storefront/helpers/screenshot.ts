import path from "node:path"
import type { Page } from "playwright-core"

/** With STOREFRONT_SCREENSHOTS=1 the tests write each state's picture to docs/ (committed); otherwise nothing is written. */
export async function screenshot(page: Page, name: string) {
  if (process.env.STOREFRONT_SCREENSHOTS !== "1") return
  await page.screenshot({ path: path.join(__dirname, "..", "..", "..", "docs", `storefront-${name}.png`), fullPage: true })
}
