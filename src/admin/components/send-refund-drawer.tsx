import { Alert, Button, Drawer, Heading, Text, toast } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { discoverWallets } from "../../storefront/wallet/discover-wallets"
import type { DiscoveredWallet } from "../../storefront/wallet/eip1193"
import { useRecordRefundSent } from "../lib/queries"
import { refundRefusalWords } from "../lib/refund-words"
import { refundToSendOf, refundViewOf } from "../lib/refund-view"
import { sendRefundWithWallet, type RefundSendStep } from "../lib/send-refund-with-wallet"
import type { AdminRefund, AdminStablecoinPayment } from "../lib/types"
import { ChainValue } from "./chain-value"
import { CopyChip } from "./copy-chip"
import { ManualRefundSteps } from "./manual-refund-steps"
import { RecordRefundPrompt } from "./record-refund-prompt"

/** The send's progress: the wallet's steps, then the record; `failed` keeps the merchant's words and the transaction sent, if any. */
type SendState =
  | { phase: "idle" }
  | { phase: "wallet"; step: RefundSendStep }
  | { phase: "recording"; txHash: string }
  | { phase: "failed"; message: string; txHash: string | null }
  | { phase: "sent"; txHash: string }

/**
 * "Send refund": the refund's amount, chain, destination and sender, then either the merchant's
 * browser wallet sends it (sendRefundWithWallet) and the transaction is recorded through the
 * route that checks it on the chain, or the manual steps for a wallet elsewhere, with Record
 * refund sent.
 */
export const SendRefundDrawer = ({ payment, refund }: { payment: AdminStablecoinPayment; refund: AdminRefund }) => {
  const view = refundViewOf(payment, refund)
  const toSend = refundToSendOf(payment, refund)
  const [open, setOpen] = useState(false)
  const [wallets, setWallets] = useState<DiscoveredWallet[] | null>(null)
  const [state, setState] = useState<SendState>({ phase: "idle" })
  const record = useRecordRefundSent()

  useEffect(() => {
    if (!open || wallets) return
    let live = true
    discoverWallets().then((found) => live && setWallets(found))
    return () => {
      live = false
    }
  }, [open, wallets])

  const stepWords: Record<RefundSendStep, string> = {
    connecting: "Connecting to your wallet…",
    switching_chain: `Asking your wallet to switch to ${view.chainName}…`,
    checking: `Reading balances on ${view.chainName}…`,
    confirming: "Confirm the transaction in your wallet…",
    confirming_batch: "Confirm the withdrawal and the refund in your wallet: one confirmation for both…",
    waiting: `Waiting for ${view.chainName} to include it…`,
  }

  const send = async (wallet: DiscoveredWallet) => {
    if (!toSend) return
    setState({ phase: "wallet", step: "connecting" })
    const sent = await sendRefundWithWallet({
      provider: wallet.provider,
      refund: toSend,
      onStep: (step) => setState({ phase: "wallet", step }),
    })
    if (!sent.ok) return setState({ phase: "failed", message: sent.message, txHash: null })
    setState({ phase: "recording", txHash: sent.txHash })
    const answer = await record
      .mutateAsync({ paymentId: payment.id, refundId: refund.id, txHash: sent.txHash })
      .catch((e: unknown) => ({
        recorded: false as const,
        refusal: { message: e instanceof Error ? e.message : undefined },
      }))
    if (!answer.recorded) {
      const words = refundRefusalWords(answer.refusal, view)
      return setState({
        phase: "failed",
        message: `Sent, but not recorded yet: ${words} Record it with Record refund sent and this transaction's hash.`,
        txHash: sent.txHash,
      })
    }
    toast.success("Refund sent and recorded", {
      description: `${view.amount} ${view.symbol} for ${view.orderLabel}, checked on ${view.chainName}.`,
    })
    setState({ phase: "sent", txHash: sent.txHash })
  }

  const busy = state.phase === "wallet" || state.phase === "recording"
  return (
    <Drawer open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      {refund.state === "due" && (
        <Drawer.Trigger asChild>
          <Button size="small" variant="primary" data-testid="stablecoin-send-refund">
            Send refund
          </Button>
        </Drawer.Trigger>
      )}
      <Drawer.Content data-testid="stablecoin-send-refund-drawer">
        <Drawer.Header>
          <Drawer.Title asChild>
            <Heading>Send refund for {view.orderLabel}</Heading>
          </Drawer.Title>
          <Drawer.Description>
            This refund is owed; no money moves until you send it from your own wallet.
          </Drawer.Description>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-6 overflow-y-auto">
          <div className="flex flex-col gap-y-2" data-testid="stablecoin-send-refund-summary">
            <Text size="small">
              Send <CopyChip value={view.amount} /> {view.symbol} on {view.chainName} to{" "}
              {view.destination ? <CopyChip value={view.destination} /> : "the payer (not known yet)"},{" "}
              {view.destinationWords}.
            </Text>
            <Text size="small" className="text-ui-fg-subtle">
              From your payout address{" "}
              {view.payout ? <CopyChip value={view.payout} /> : "(not configured for this chain)"}
              {payment.refund_senders.length > 0 ? ", or a refund sender you configured" : ""}: the plugin accepts a
              refund from no other address.
            </Text>
          </div>

          <div className="flex flex-col gap-y-3">
            <Heading level="h3">With your browser wallet</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              Your wallet sends from your payout address: first a withdrawal of {view.amount} {view.symbol} from your
              pool when the payout address holds less, then the refund. A wallet that batches calls asks you once. The
              transaction is then checked on {view.chainName} and recorded.
            </Text>
            {state.phase === "sent" ? (
              <Alert variant="success" data-testid="stablecoin-send-refund-done">
                <span className="flex flex-wrap items-center gap-x-1">
                  Sent and recorded for {view.orderLabel}: {view.amount} {view.symbol} in transaction
                  <ChainValue value={state.txHash} href={null} testId="stablecoin-send-refund-tx" />
                </span>
              </Alert>
            ) : !toSend ? (
              <Text size="small">
                The plugin does not know every address this needs yet (payer, pool or payout): send it from elsewhere as
                below.
              </Text>
            ) : wallets === null ? (
              <Text size="small" className="text-ui-fg-subtle">
                Looking for wallets in this browser…
              </Text>
            ) : wallets.length === 0 ? (
              <Text size="small" data-testid="stablecoin-send-refund-no-wallet">
                No wallet was found in this browser. Install or unlock one, or send the refund from elsewhere as below.
              </Text>
            ) : (
              <div className="flex flex-wrap gap-2">
                {wallets.map((wallet) => (
                  <Button
                    key={wallet.info.uuid}
                    size="small"
                    variant="secondary"
                    onClick={() => send(wallet)}
                    isLoading={busy}
                    disabled={busy}
                    data-testid="stablecoin-send-refund-wallet"
                  >
                    {wallet.info.icon && <img src={wallet.info.icon} alt="" className="h-4 w-4" />}
                    Send with {wallet.info.name}
                  </Button>
                ))}
              </div>
            )}
            {state.phase === "wallet" && (
              <Text size="small" data-testid="stablecoin-send-refund-step" data-step={state.step}>
                {stepWords[state.step]}
              </Text>
            )}
            {state.phase === "recording" && (
              <Text size="small" data-testid="stablecoin-send-refund-step" data-step="recording">
                Sent. Checking the transaction on {view.chainName} and recording the refund…
              </Text>
            )}
            {state.phase === "failed" && (
              <Alert variant="error" data-testid="stablecoin-send-refund-error">
                {state.message}
                {state.txHash && (
                  <span className="mt-1 flex items-center gap-x-1">
                    Transaction <ChainValue value={state.txHash} href={null} />
                  </span>
                )}
              </Alert>
            )}
          </div>

          {state.phase !== "sent" && (
            <div className="flex flex-col gap-y-3 border-t pt-6" data-testid="stablecoin-send-refund-elsewhere">
              <Heading level="h3">Sending from elsewhere</Heading>
              <ManualRefundSteps
                view={view}
                pool={payment.verification?.pool ?? null}
                refundSenders={payment.refund_senders}
              />
              <div>
                <RecordRefundPrompt payment={payment} refund={refund} />
              </div>
            </div>
          )}
        </Drawer.Body>
        <Drawer.Footer>
          <Drawer.Close asChild>
            <Button size="small" variant="secondary" disabled={busy}>
              Close
            </Button>
          </Drawer.Close>
        </Drawer.Footer>
      </Drawer.Content>
    </Drawer>
  )
}
