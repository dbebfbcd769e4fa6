import AxeBuilder from "@axe-core/playwright"
import type { Page } from "playwright-core"

/** How far the page scrolls sideways (0 when it fits the viewport). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

/**
 * Words a shopper should never read in what the page shows (innerText: hidden
 * and collapsed parts excluded), and raw ids of Medusa records.
 */
export async function developerTermsIn(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText)
  const terms = text.match(/\b(pool|allowance|forwarder|payment reference|intent|block( number)?|chain \d+)\b/gi) ?? []
  const ids = text.match(/\b(cart|order|pay|paycol|payses|pi|prod|variant|reg)_[0-9A-Za-z]{8,}\b/g) ?? []
  return [...terms, ...ids]
}

/**
 * axe-core's serious and critical findings on the page as it is now (WCAG 2.1 A and AA rules), as
 * "rule: targets" lines. Legacy mode runs axe inside the page itself: the default mode opens a
 * second page in the page's context, which a page made by browser.newPage() does not allow.
 */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze()
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
}

/** Presses Tab until the focused element's text matches `name` (at most `max` presses); false if it never does. */
export async function tabTo(page: Page, name: RegExp, max = 40): Promise<boolean> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab")
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? "")
    if (name.test(focused)) return true
  }
  return false
}

/** What a shopper-facing page must be in every state: fits the screen, no developer words, no serious axe finding. */
export async function expectShopperReady(page: Page) {
  expect(await horizontalOverflow(page)).toBe(0)
  expect(await developerTermsIn(page)).toEqual([])
  expect(await seriousAxeFindings(page)).toEqual([])
}
