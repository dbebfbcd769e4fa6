import path from "node:path"
import type { Page } from "playwright-core"
import { DEV_ADMIN } from "#dev/dev-state"

/**
 * Logs the seeded admin user into the admin served by `url`. The first load makes vite build the
 * admin's dependencies (about 30 s here, more under load); a login page that never shows leaves a
 * screenshot beside docs/ for the failure.
 */
export async function logInToAdmin(page: Page, url: string) {
  await page.goto(`${url}/app/login`, { timeout: 300_000 })
  await page.waitForSelector('input[name="email"]', { timeout: 300_000 }).catch(async (error) => {
    await page.screenshot({ path: path.resolve(__dirname, "..", "..", ".admin-login-failure.png") }).catch(() => {})
    throw error
  })
  await page.fill('input[name="email"]', DEV_ADMIN.email)
  await page.fill('input[name="password"]', DEV_ADMIN.password)
  await page.click('button[type="submit"]')
  await page.waitForURL(/\/app\/orders/, { timeout: 120_000 })
}
