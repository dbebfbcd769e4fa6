/// <reference lib="dom" />
import { StrictMode, useEffect, useMemo, useState } from "react"
import { createRoot } from "react-dom/client"
import { createStablecoinStoreClient, type DiscoveredWallet, type StablecoinStoreClient } from "../../src/storefront"
import { OrderPaymentStatus, StablecoinPayment } from "../../src/storefront/react"
import type { DemoConfig } from "./demo-config"
import { createDevWallet, mintDevTokens } from "./dev-wallet"
import { storeApi, type DemoCart } from "./store-api"

type Step = { name: "product" } | { name: "checkout"; cart: DemoCart } | { name: "pay"; cart: DemoCart } | { name: "done"; orderId: string; cartId: string }

const money = (amount: number, currency: string) => new Intl.NumberFormat("en", { style: "currency", currency }).format(amount)

function App({ config }: { config: DemoConfig }) {
  const api = useMemo(() => storeApi(config), [config])
  const client = useMemo(() => createStablecoinStoreClient({ baseUrl: config.backendUrl, publishableKey: config.publishableKey }), [config])
  const devWallet = useMemo<DiscoveredWallet | null>(() => (config.devWallet ? createDevWallet(config.devWallet) : null), [config])
  const params = new URLSearchParams(location.search)
  const [step, setStep] = useState<Step>({ name: "product" })
  const [error, setError] = useState<string | null>(null)
  // The dev wallet is offered only once its mint is mined (issue 19 point 3).
  const [minting, setMinting] = useState(false)

  // ?cart=<id> opens the payment step of an existing cart (a reload, or a test that built the cart through the API).
  useEffect(() => {
    const cartId = params.get("cart")
    if (cartId) api.cart(cartId).then(({ cart }) => setStep({ name: "pay", cart }), (e) => setError(String(e)))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <main className="demo">
      <header className="demo__header">
        <h1>Stablecoin demo store</h1>
        <ol className="demo__steps" aria-label="Checkout progress">
          {["product", "checkout", "pay", "done"].map((s) => (
            <li key={s} aria-current={step.name === s ? "step" : undefined}>{s === "done" ? "confirmation" : s}</li>
          ))}
        </ol>
      </header>
      {error && <p role="alert" className="demo__error">{error}</p>}
      {step.name === "product" && <ProductStep api={api} currency={params.get("currency") ?? "eur"} onCart={(cart) => setStep({ name: "checkout", cart })} onError={setError} />}
      {step.name === "checkout" && <CheckoutStep api={api} cart={step.cart} onDone={(cart) => setStep({ name: "pay", cart })} onError={setError} />}
      {step.name === "pay" && (
        <section className="demo__pay">
          <h2>Payment</h2>
          <p>Total {money(step.cart.total, step.cart.currency_code.toUpperCase())}</p>
          {config.devWallet && devWallet && <DevWalletPanel config={config} wallet={devWallet} onMinting={setMinting} />}
          <StablecoinPayment
            cart={step.cart}
            client={client}
            trustRoots={config.trustRoots}
            onOrderPlaced={(orderId) => setStep({ name: "done", orderId, cartId: step.cart.id })}
            extraWallets={devWallet && !minting ? [devWallet] : []}
            pollIntervalMs={Number(params.get("poll") ?? 1500)}
          />
        </section>
      )}
      {step.name === "done" && <Confirmation api={api} client={client} orderId={step.orderId} cartId={step.cartId} />}
    </main>
  )
}

function ProductStep({ api, currency, onCart, onError }: { api: ReturnType<typeof storeApi>; currency: string; onCart: (c: DemoCart) => void; onError: (e: string) => void }) {
  const [data, setData] = useState<{ regionId: string; product: Awaited<ReturnType<ReturnType<typeof storeApi>["products"]>>["products"][number] } | null>(null)
  useEffect(() => {
    ;(async () => {
      const { regions } = await api.regions()
      const region = regions.find((r) => r.currency_code === currency) ?? regions[0]!
      const { products } = await api.products(region.id)
      setData({ regionId: region.id, product: products[0]! })
    })().catch((e) => onError(String(e)))
  }, [api, currency, onError])
  if (!data) return <p>Loading…</p>
  const variant = data.product.variants[0]!
  const price = variant.calculated_price
  return (
    <section className="demo__product">
      <h2>{data.product.title}</h2>
      <p>{data.product.description}</p>
      {price && <p className="demo__price">{money(price.calculated_amount, price.currency_code.toUpperCase())}</p>}
      <button type="button" className="demo__button" onClick={() => api.createCart(data.regionId, variant.id).then(({ cart }) => onCart(cart), (e) => onError(String(e)))}>
        Add to cart and check out
      </button>
    </section>
  )
}

function CheckoutStep({ api, cart, onDone, onError }: { api: ReturnType<typeof storeApi>; cart: DemoCart; onDone: (c: DemoCart) => void; onError: (e: string) => void }) {
  const [options, setOptions] = useState<Array<{ id: string; name: string; amount: number }> | null>(null)
  useEffect(() => {
    api.shippingOptions(cart.id).then((r) => setOptions(r.shipping_options), () => setOptions([]))
  }, [api, cart.id])
  return (
    <form
      className="demo__checkout"
      onSubmit={async (e) => {
        e.preventDefault()
        const f = new FormData(e.currentTarget)
        const address = { first_name: f.get("first_name"), last_name: f.get("last_name"), address_1: f.get("address_1"), city: f.get("city"), postal_code: f.get("postal_code"), country_code: f.get("country_code") }
        try {
          let { cart: updated } = await api.updateCart(cart.id, { email: f.get("email"), shipping_address: address, billing_address: address })
          const option = f.get("shipping")
          if (typeof option === "string" && option) ({ cart: updated } = await api.addShipping(cart.id, option))
          onDone((await api.cart(updated.id)).cart)
        } catch (error) {
          onError(String(error))
        }
      }}
    >
      <h2>Your details</h2>
      <label>Email <input name="email" type="email" required defaultValue="buyer@example.com" /></label>
      <label>First name <input name="first_name" required defaultValue="Ada" /></label>
      <label>Last name <input name="last_name" required defaultValue="Lovelace" /></label>
      <label>Street <input name="address_1" required defaultValue="Hauptstrasse 1" /></label>
      <label>City <input name="city" required defaultValue="Berlin" /></label>
      <label>Postal code <input name="postal_code" required defaultValue="10115" /></label>
      <label>Country code <input name="country_code" required defaultValue={cart.currency_code === "usd" ? "us" : "de"} maxLength={2} /></label>
      <fieldset>
        <legend>Shipping</legend>
        {options === null && <p>Loading shipping options…</p>}
        {options?.length === 0 && <p>This item needs no shipping method (it ships with the order).</p>}
        {options?.map((o, i) => (
          <label key={o.id}><input type="radio" name="shipping" value={o.id} defaultChecked={i === 0} /> {o.name} ({o.amount})</label>
        ))}
      </fieldset>
      <button type="submit" className="demo__button">Continue to payment</button>
    </form>
  )
}

function DevWalletPanel({ config, wallet, onMinting }: { config: DemoConfig; wallet: DiscoveredWallet; onMinting: (busy: boolean) => void }) {
  const dev = config.devWallet!
  const [note, setNote] = useState<string | null>(null)
  return (
    <aside className="demo__devwallet" aria-label="Development wallet">
      <strong>DEV ONLY:</strong> a wallet backed by the local test chain&apos;s public customer account {dev.address}. It does not exist outside <code>npm run dev</code>.
      <div>
        {dev.chains.flatMap((c) =>
          Object.entries(c.tokens).map(([symbol, t]) => (
            <button key={`${c.chainId}-${symbol}`} type="button" className="demo__small" onClick={() => {
              onMinting(true)
              setNote(`Minting 1000 test ${symbol} on chain ${c.chainId}…`)
              mintDevTokens(wallet, dev, c.chainId, symbol, 1000n * 10n ** BigInt(t.decimals))
                .then(({ blockNumber }) => setNote(`Minted 1000 test ${symbol} on chain ${c.chainId} (block ${blockNumber})`), (e) => setNote(String(e)))
                .finally(() => onMinting(false))
            }}>
              Mint 1000 test {symbol} (chain {c.chainId})
            </button>
          ))
        )}
      </div>
      {note && <p>{note}</p>}
    </aside>
  )
}

function Confirmation({ api, client, orderId, cartId }: { api: ReturnType<typeof storeApi>; client: StablecoinStoreClient; orderId: string; cartId: string }) {
  const [order, setOrder] = useState<{ display_id: number; email: string; total: number; currency_code: string } | null>(null)
  useEffect(() => {
    api.order(orderId).then((r) => setOrder(r.order), () => setOrder(null))
  }, [api, orderId])
  return (
    <section className="demo__done" aria-live="polite">
      <h2>Thank you, your order is placed</h2>
      <p>Order id <code data-order-id={orderId}>{orderId}</code></p>
      {order && <p>Order #{order.display_id} for {money(order.total, order.currency_code.toUpperCase())}, confirmation to {order.email}.</p>}
      <OrderPaymentStatus client={client} cartId={cartId} pollIntervalMs={1500} />
    </section>
  )
}

fetch("/demo-config.json")
  .then((r) => r.json() as Promise<DemoConfig>)
  .then((config) => createRoot(document.getElementById("root")!).render(<StrictMode><App config={config} /></StrictMode>))
