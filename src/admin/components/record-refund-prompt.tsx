import { Button, Input, Label, Prompt, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { errorMessage } from "../lib/format"
import { useRecordRefundSent } from "../lib/queries"
import type { AdminRefund, AdminStablecoinPayment } from "../lib/types"

/**
 * "Record refund sent": the merchant pastes the transfer's hash; the server reads it on-chain and
 * records it only if token, sender (the payout or a configured refund sender), recipient and
 * amount match, and no other refund was recorded with it. A mismatch keeps the prompt open with
 * the server's reason, so the merchant can paste the right hash.
 */
export const RecordRefundPrompt = ({ payment, refund }: { payment: AdminStablecoinPayment; refund: AdminRefund }) => {
  const [open, setOpen] = useState(false)
  const [txHash, setTxHash] = useState("")
  const [problem, setProblem] = useState<string | null>(null)
  const record = useRecordRefundSent()

  const submit = () => {
    setProblem(null)
    record.mutate(
      { paymentId: payment.id, refundId: refund.id, txHash: txHash.trim() },
      {
        onSuccess: (r) => {
          toast.success(r.already_recorded ? "Already recorded" : "Refund recorded", { description: `${refund.token_amount.display} ${refund.token} to the payer, checked on-chain.` })
          setOpen(false)
          setTxHash("")
        },
        onError: (e) => setProblem(errorMessage(e)),
      }
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
          <Prompt.Title>Record refund sent</Prompt.Title>
          <Prompt.Description className="break-all">
            Paste the hash of the transfer you sent. The plugin reads it on {payment.chain_name} and records the refund only if it moved exactly{" "}
            {refund.token_amount.display} {refund.token} ({payment.token_address}) from your payout address (or a configured refund sender) to the payer{" "}
            {refund.payerAddress}, and no other refund was recorded with it. Nothing is sent by the plugin.
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
            <Text size="small" className="text-ui-fg-error break-all" data-testid="stablecoin-refund-error">
              {problem}
            </Text>
          )}
        </div>
        <Prompt.Footer>
          <Prompt.Cancel>Cancel</Prompt.Cancel>
          {/* A plain button, not Prompt.Action: the prompt must stay open to show a mismatch. */}
          <Button size="small" onClick={submit} isLoading={record.isPending} disabled={!txHash.trim()} data-testid="stablecoin-refund-submit">
            Check on-chain and record
          </Button>
        </Prompt.Footer>
      </Prompt.Content>
    </Prompt>
  )
}
