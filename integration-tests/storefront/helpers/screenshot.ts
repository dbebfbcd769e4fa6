import path from "node:path"
import type { Page } from "playwright-core"

/** With STOREFRONT_SCREENSHOTS=1 the tests write each state's picture to docs/ (committed); otherwise nothing is written. */
export async function screenshot(page: Page, name: string) {
  if (process.env.STOREFRONT_SCREENSHOTS !== "1") return
  await page.screenshot({ path: path.join(__dirname, "..", "..", "..", "docs", `storefront-${name}.png`), fullPage: true })
}

/** The same picture at a phone's width (390 px) and a desktop's (1280 px): `docs/storefront-<name>-390.png` and `-1280.png`. */
export async function screenshotAtWidths(page: Page, name: string) {
  if (process.env.STOREFRONT_SCREENSHOTS !== "1") return
  const before = page.viewportSize()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(page, `${name}-${width}`)
  }
  if (before) await page.setViewportSize(before)
}
