import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { PaymentObservation } from "#src/lib/confirmation/payment-observation"
import { judgeObservation } from "#src/lib/judgement/judge-observation"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { judgedPaymentOf } from "#src/modules/stablecoin/ledger-update-from-judgement"
import {
  finishPaymentJudgement,
  type PaymentJudgement,
  startPaymentJudgement,
} from "#src/modules/stablecoin/payment-judgement"
import { readPayerFromChain } from "#src/modules/stablecoin/read-payer-from-chain"
import type { LedgerPayment } from "#src/modules/stablecoin/types"

export const judgePaymentObservationStepId = "judge-payment-observation-step"

export type JudgePaymentObservationStepInput = { observation: PaymentObservation; row: LedgerPayment }

/**
 * This step judges an observation of a payment against what the plugin issued (judgeObservation,
 * the one place that decides capture) and returns the judgement with the ledger writes it calls
 * for, writing nothing (recordJudgementStep writes them). It reads what judging needs: the
 * session's Medusa state, the holder of the transaction, the session's current payment, and the
 * payer from the chain when the service names none (startPaymentJudgement and
 * finishPaymentJudgement do the rest, without I/O).
 */
export const judgePaymentObservationStep = createStep(
  judgePaymentObservationStepId,
  async ({ observation, row }: JudgePaymentObservationStepInput, { container }) => {
    const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const found = row.payment_session_id ? await module.retrieveSessionState(row.payment_session_id) : null
    const started = startPaymentJudgement(row, observation, found)
    if ("final" in started) return new StepResponse<PaymentJudgement>(started.final)
    const { base, judged } = started
    const session = found?.session ?? null
    const judgement = judgeObservation({
      payment: judgedPaymentOf(judged),
      observation,
      policy: module.options,
      txHashHeldBy: observation.txHash
        ? await module.findTxHashHolder(row.chain_id, observation.txHash, row.payment_id)
        : null,
      sessionExpectsPayment: !!session && (await module.retrieveCurrentPaymentOfSession(session.id))?.id === row.id,
      settledOtherwise: !judged.captured_at && !!found?.settledOtherwise,
      orderCanceled: !!found?.orderCanceled,
    })
    const txHash = observation.txHash ?? row.tx_hash
    const chainPayer =
      judgement.status && txHash && !row.payer_address
        ? await readPayerFromChain(module, container.resolve(ContainerRegistrationKeys.LOGGER), row, txHash)
        : null
    return new StepResponse<PaymentJudgement>(
      finishPaymentJudgement({ base, row, judged, observation, judgement, chainPayer, found }),
    )
  },
)
