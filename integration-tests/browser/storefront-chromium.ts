import { chromium, type Browser } from "playwright-core"
import { CHROMIUM_PATH } from "./launch-chromium"

/**
 * Headless Debian Chromium with design.md §4's flags for the storefront tests. Playwright refuses
 * `--user-data-dir` in launch() ("pass userDataDir to launchPersistentContext"); it gives every
 * launch a fresh temporary profile of its own and deletes it on close, which is what the flag was for.
 */
export async function launchStorefrontChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  })
  return { browser, close: () => browser.close().catch(() => {}) }
}
