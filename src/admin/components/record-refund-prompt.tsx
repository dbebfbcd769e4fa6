import { Button, Input, Label, Prompt, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { shortHex } from "../lib/format"
import { useRecordRefundSent } from "../lib/queries"
import { NOT_A_HASH, refundRefusalWords, TX_HASH_PATTERN } from "../lib/refund-words"
import { refundViewOf } from "../lib/refund-view"
import type { AdminRefund, AdminStablecoinPayment } from "../lib/types"
import { CopyChip } from "./copy-chip"

/**
 * "Record refund sent": the merchant pastes the transfer's transaction hash; the server reads it
 * on the chain and records it only if token, sender (the payout or a configured refund sender),
 * recipient and amount match, and no other refund was recorded with it. A refusal keeps the
 * prompt open, in the merchant's words, so the right hash can be pasted.
 */
export const RecordRefundPrompt = ({ payment, refund }: { payment: AdminStablecoinPayment; refund: AdminRefund }) => {
  const view = refundViewOf(payment, refund)
  const [open, setOpen] = useState(false)
  const [txHash, setTxHash] = useState("")
  const [problem, setProblem] = useState<string | null>(null)
  const record = useRecordRefundSent()

  const submit = () => {
    const hash = txHash.trim()
    if (!TX_HASH_PATTERN.test(hash)) return setProblem(NOT_A_HASH)
    setProblem(null)
    record.mutate(
      { paymentId: payment.id, refundId: refund.id, txHash: hash },
      {
        onSuccess: (answer) => {
          if (!answer.recorded) return setProblem(refundRefusalWords(answer.refusal, view))
          toast.success(answer.alreadyRecorded ? "Already recorded" : "Refund recorded", {
            description: `${view.amount} ${view.symbol} for ${view.orderLabel}, checked on ${view.chainName}.`,
          })
          setOpen(false)
          setTxHash("")
        },
        onError: (e) => setProblem(refundRefusalWords({ message: e instanceof Error ? e.message : undefined }, view)),
      },
    )
  }

  return (
    <Prompt open={open} onOpenChange={setOpen}>
      <Prompt.Trigger asChild>
        <Button size="small" variant="secondary" data-testid="stablecoin-record-refund">
          Record refund sent
        </Button>
      </Prompt.Trigger>
      <Prompt.Content>
        <Prompt.Header>
          <Prompt.Title>Record refund sent for {view.orderLabel}</Prompt.Title>
          <Prompt.Description>
            Paste the transaction hash of the refund you sent. The plugin reads it on {view.chainName} and records the
            refund only if it moved exactly {view.amount} {view.symbol} from your payout address
            {view.payout ? (
              <>
                {" "}
                <CopyChip value={view.payout}>{shortHex(view.payout)}</CopyChip>
              </>
            ) : (
              ""
            )}{" "}
            (or a refund sender you configured) to{" "}
            {view.destination ? (
              <>
                <CopyChip value={view.destination}>{shortHex(view.destination)}</CopyChip> ({view.destinationWords})
              </>
            ) : (
              "the payer"
            )}
            , and no other refund was recorded with it. The plugin itself sends nothing.
          </Prompt.Description>
        </Prompt.Header>
        <div className="flex flex-col gap-y-2 px-6 pb-4">
          <Label htmlFor={`refund-tx-${refund.id}`} size="small">
            Transaction hash
          </Label>
          <Input
            id={`refund-tx-${refund.id}`}
            placeholder="0x…"
            value={txHash}
            onChange={(e) => setTxHash(e.target.value)}
            className="font-mono"
            data-testid="stablecoin-refund-tx"
          />
          {problem && (
            <Text size="small" className="text-ui-fg-error" data-testid="stablecoin-refund-error">
              {problem}
            </Text>
          )}
        </div>
        <Prompt.Footer>
          <Prompt.Cancel>Cancel</Prompt.Cancel>
          {/* A plain button, not Prompt.Action: the prompt must stay open to show a refusal. */}
          <Button
            size="small"
            onClick={submit}
            isLoading={record.isPending}
            disabled={!txHash.trim()}
            data-testid="stablecoin-refund-submit"
          >
            Check on the chain and record
          </Button>
        </Prompt.Footer>
      </Prompt.Content>
    </Prompt>
  )
}
