import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { describeError } from "#src/lib/errors/describe-error"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { readClaimedPayments, stoppedWatching } from "#src/modules/stablecoin/read-claimed-payments"
import { settleChainReceiptsUnderLock } from "../settle-chain-receipts"

export const scanPaymentOnChainStepId = "scan-payment-on-chain-step"

export type ScanPaymentOnChainStepInput = { paymentRowId: string }

/** Whether the chain was read for the payment, and how many receipts were new. */
export type ScanPaymentOnChainStepOutput = { scanned: boolean; receipts: number }

/**
 * This step reads the chain for one payment at once, as the reconcile's chain scan would, when the
 * service reported more than the ledger's receipts hold, so the received total and the list of
 * transfers agree as soon as a transfer is recorded (docs/architecture.md#a-transfer-the-service-reports).
 * The caller has released the payment's lock; the receipts are applied under it like the scan's.
 * A payment another scan holds is left to it; a failed read or apply is logged and left to the next
 * scan, never failing the observation that asked. No compensation: receipts are facts read from the chain.
 */
export const scanPaymentOnChainStep = createStep(
  scanPaymentOnChainStepId,
  async ({ paymentRowId }: ScanPaymentOnChainStepInput, { container }) => {
    const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const settings = ledger.options.extraPayments
    try {
      const claimed = await ledger.claimChainScans({
        now: new Date(),
        scanDays: settings.scanDays,
        everyMinutes: settings.scanEveryMinutes,
        limit: 1,
        stoppedWatching,
        paymentRowId,
      })
      const read = await readClaimedPayments(ledger, claimed, (chainId, e) =>
        logger.warn(
          `stablecoin: reading chain ${chainId} for the transfers of ledger row ${paymentRowId} failed (${describeError(e)}); the next chain scan reads them`,
        ),
      )
      for (const row of read.rows) await settleChainReceiptsUnderLock(container, row)
      return new StepResponse<ScanPaymentOnChainStepOutput>({ scanned: read.rows.length > 0, receipts: read.receipts })
    } catch (e) {
      logger.warn(
        `stablecoin: recording the transfers of ledger row ${paymentRowId} failed (${describeError(e)}); the next chain scan records them`,
      )
      return new StepResponse<ScanPaymentOnChainStepOutput>({ scanned: false, receipts: 0 })
    }
  },
)
