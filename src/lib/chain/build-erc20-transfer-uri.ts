import { getAddress, type Address, type GetAddressErrorType } from "viem"
import { parseBaseUnits } from "./parse-base-units"
import { TokenAmountError, type TokenAmountErrorType } from "./token-amount-error"

export type BuildErc20TransferUriParameters = {
  /** Token contract. */
  token: Address
  chainId: number
  /** Recipient (the verified forwarder on the deposit rail). */
  to: Address
  /** Amount in base units; written as a plain integer, never with an exponent. */
  amount: bigint | string
}
export type BuildErc20TransferUriReturnType = string
export type BuildErc20TransferUriErrorType = GetAddressErrorType | TokenAmountErrorType | RangeError

/**
 * Builds the EIP-681 URI a wallet opens to send `amount` of `token` to `to` on `chainId`
 * (for the QR code next to a deposit address).
 * @see https://eips.ethereum.org/EIPS/eip-681
 * @example
 * buildErc20TransferUri({ token: usdc, chainId: 8453, to: forwarder, amount: 12500000n })
 * // "ethereum:0x8335…2913@8453/transfer?address=0xAbC…&uint256=12500000"
 */
export function buildErc20TransferUri({
  token,
  chainId,
  to,
  amount,
}: BuildErc20TransferUriParameters): BuildErc20TransferUriReturnType {
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new RangeError(`Invalid chain id: ${chainId}`)
  const units = parseBaseUnits(amount)
  if (units === undefined) throw new TokenAmountError({ problem: "not_an_integer", value: String(amount) })
  // Scientific notation ("1.25e7", which some wallets emit) is valid EIP-681 but not every wallet
  // reads it back; a plain integer is unambiguous.
  return `ethereum:${getAddress(token)}@${chainId}/transfer?address=${getAddress(to)}&uint256=${units.toString()}`
}
