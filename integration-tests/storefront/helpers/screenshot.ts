import path from "node:path"
import type { Page } from "playwright-core"

/** With STOREFRONT_SCREENSHOTS=1 the tests write each state's picture to docs/ (committed); otherwise nothing is written. */
export async function screenshot(page: Page, name: string) {
  if (process.env.STOREFRONT_SCREENSHOTS !== "1") return
  await page.screenshot({
    path: path.join(__dirname, "..", "..", "..", "docs", `storefront-${name}.png`),
    fullPage: true,
  })
}

/** The same picture at a phone's size (390x844) and a desktop's (1280x800), full page: `docs/storefront-<name>-390.png` and `-1280.png`. */
export async function screenshotAtWidths(page: Page, name: string) {
  if (process.env.STOREFRONT_SCREENSHOTS !== "1") return
  const before = page.viewportSize()
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height })
    // Let the layout settle at the new width (media queries, wrapped text) before the picture.
    await page.waitForTimeout(150)
    await screenshot(page, `${name}-${width}`)
  }
  if (before) await page.setViewportSize(before)
}
