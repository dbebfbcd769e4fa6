import jsQR from "jsqr"
import type { Page } from "playwright-core"

/** Decodes the QR code rendered in `selector` (an SVG): drawn on a canvas in the page, decoded with jsqr here. */
export async function decodeQrIn(page: Page, selector: string): Promise<string | null> {
  const size = 400
  const pixels = await page.evaluate(
    async ({ selector, size }) => {
      const svg = document.querySelector(`${selector} svg`)
      if (!svg) return null
      const image = new Image()
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.outerHTML)}`
      await image.decode()
      const canvas = document.createElement("canvas")
      canvas.width = size
      canvas.height = size
      const ctx = canvas.getContext("2d")!
      ctx.fillStyle = "#fff"
      ctx.fillRect(0, 0, size, size)
      ctx.drawImage(image, 0, 0, size, size)
      return Array.from(ctx.getImageData(0, 0, size, size).data)
    },
    { selector, size },
  )
  if (!pixels) return null
  return jsQR(Uint8ClampedArray.from(pixels), size, size)?.data ?? null
}

/**
 * Opens the demo's payment step for a cart built through the API, and starts a session on `rail`
 * with `token`/`chainId`; `query`: further parameters of the demo's URL (e.g. `devBatch=0`).
 */
export async function openPaymentStep(
  page: Page,
  demoUrl: string,
  cartId: string,
  choice: { rail: "deposit" | "connect"; token: string; chainId: number; pollMs?: number; query?: string },
) {
  await page.goto(`${demoUrl}/?cart=${cartId}&poll=${choice.pollMs ?? 500}${choice.query ? `&${choice.query}` : ""}`)
  await page.getByRole("radio", { name: choice.rail === "deposit" ? /Send to an address/ : /browser wallet/ }).check()
  await page.getByLabel("Network").selectOption(String(choice.chainId))
  await page.getByLabel("Token").selectOption(choice.token)
  await page.getByRole("button", { name: "Continue" }).click()
}

/**
 * The data-status once it is one of `statuses`: the payment step's, or, once the order is placed
 * while the payment is on its way (deferred authorization), the order confirmation's
 * payment status (`confirming`, `underpaid`, `paid` = captured, `attention`). The page never reloads in between.
 */
export async function waitForStatus(page: Page, statuses: string[], timeoutMs = 60_000) {
  const selectors = statuses.flatMap((s) => [
    `.stablecoin-payment[data-status="${s}"]`,
    `.stablecoin-order-payment[data-status="${s}"]`,
  ])
  const element = await page.waitForSelector(selectors.join(", "), { timeout: timeoutMs })
  return element.getAttribute("data-status")
}

/**
 * The order id the demo's confirmation shows: onOrderPlaced fired (the component saw
 * order_placed) and the page moved on, without a reload.
 */
export async function waitForOrderPlaced(page: Page, timeoutMs = 60_000) {
  const element = await page.waitForSelector("[data-order-id]", { timeout: timeoutMs }).catch(async (error: Error) => {
    // Say where the page stood, not only that it timed out.
    throw new Error(
      `${error.message.split("\n")[0]}; the page shows: ${(await page.textContent("main").catch(() => null))?.slice(0, 600)}`,
    )
  })
  return element.getAttribute("data-order-id")
}
