import { model } from "@medusajs/framework/utils"

/**
 * One row per token movement into a payment's verified address, read from the chain: an ERC-20
 * `Transfer` to the deposit rail's forwarder, or the pool's `Deposited` event with the payment's
 * reference (connect rail). The service reports only the first payment of an intent (docs/decisions.md#when-payment_confirmed-is-sent),
 * so every further one is found here and recorded once: unique by chain, transaction and log index.
 * Amounts are integer strings in base units.
 */
const StablecoinPaymentReceipt = model
  .define("stablecoin_payment_receipt", {
    id: model.id({ prefix: "scrcpt" }).primaryKey(),
    /** The service payment id (stablecoin_payment.payment_id). */
    payment_id: model.text(),
    chain_id: model.number(),
    /** Lower-case, one spelling (as stablecoin_payment.tx_hash). */
    tx_hash: model.text(),
    log_index: model.number(),
    /** Decimal string: block numbers outgrow a 32-bit integer column on fast chains. */
    block_number: model.text(),
    /** transfer: ERC-20 Transfer to the forwarder; deposit: the pool's Deposited event. */
    kind: model.enum(["transfer", "deposit"]),
    token_address: model.text(),
    from_address: model.text(),
    to_address: model.text(),
    amount: model.text(),
  })
  .indexes([
    {
      name: "IDX_stablecoin_payment_receipt_log",
      on: ["chain_id", "tx_hash", "log_index"],
      unique: true,
      where: "deleted_at IS NULL",
    },
    { name: "IDX_stablecoin_payment_receipt_payment_id", on: ["payment_id"] },
  ])

export default StablecoinPaymentReceipt
