import { isAddress, type Address, type Hex } from "viem"
import { z } from "zod"

const address = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), "not an address")
  .transform((value) => value as Address)

/**
 * The connect rail's `binding` (docs/decisions.md#verification-checks): every field is re-proved before the pool is shown.
 * Unknown extra keys are ignored (they prove nothing and are not used); a missing or mistyped
 * field fails the `binding_shape` check.
 */
export const connectBindingSchema = z.object({
  chainId: z.number().int().positive(),
  factory: address,
  payout: address,
  pool: address,
  paymentRef: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "not a 32-byte hex string")
    .transform((value) => value as Hex),
})
export type ConnectBinding = z.infer<typeof connectBindingSchema>
