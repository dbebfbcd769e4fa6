import QRCode from "qrcode"

export type RenderQrSvgParameters = {
  /** What the code holds: an EIP-681 URI or a bare address. */
  text: string
  /** Quiet zone in modules (default 2; wallets read codes with a margin more reliably). */
  margin?: number
  dark?: string
  light?: string
}

/**
 * A QR code as an SVG string (the `qrcode` package, the same in the browser and in Node), with
 * error correction M: a phone camera reads it from a screen at checkout size.
 * @example const svg = await renderQrSvg({ text: payment.deposit.paymentUri })
 */
export function renderQrSvg({
  text,
  margin = 2,
  dark = "#000000",
  light = "#ffffff",
}: RenderQrSvgParameters): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin, color: { dark, light } })
}
