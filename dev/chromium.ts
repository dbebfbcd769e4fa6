import { chromium, type Browser } from "playwright-core"

/** Debian's Chromium (.ci/run installs it where missing); no browser download. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

/**
 * Headless Debian Chromium with the flags a container needs. Playwright refuses `--user-data-dir`
 * in launch() (it wants launchPersistentContext); it gives every launch a fresh temporary profile
 * of its own and deletes it on close, which is what the flag was for. `extraArgs` adds flags for one caller.
 */
export async function launchChromium(extraArgs: string[] = []): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  })
  return { browser, close: () => browser.close().catch(() => {}) }
}
