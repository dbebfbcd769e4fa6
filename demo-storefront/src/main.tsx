/// <reference lib="dom" />
import { StrictMode, useCallback, useEffect, useMemo, useState, type ReactNode } from "react"
import { createRoot } from "react-dom/client"
import { createStablecoinStoreClient, type DiscoveredWallet, type StablecoinStoreClient } from "../../src/storefront"
import { OrderPaymentStatus, StablecoinPayment } from "../../src/storefront/react"
import type { DemoConfig } from "./demo-config"
import { confirmationLabel, createDevWallet, mintDevTokens } from "./dev-wallet"
import { ProductArt } from "./product-art"
import { routeOf, urlOf, type Route } from "./route"
import { storeApi, type DemoCart } from "./store-api"

type Api = ReturnType<typeof storeApi>

const params = () => new URLSearchParams(location.search)
/** This page's URL with one query parameter set (or removed with null). */
const urlWith = (name: string, value: string | null) => {
  const next = params()
  if (value === null) next.delete(name)
  else next.set(name, value)
  return `${location.pathname}?${next}`
}
/** `?lang=de` shows the payment step in German (the shop's own words stay English). */
const localeOf = () => (params().get("lang") === "de" ? "de-DE" : "en-US")
const money = (amount: number, currency: string) =>
  new Intl.NumberFormat(localeOf(), { style: "currency", currency: currency.toUpperCase() }).format(amount)

function App({ config }: { config: DemoConfig }) {
  const api = useMemo(() => storeApi(config), [config])
  const client = useMemo(
    () => createStablecoinStoreClient({ baseUrl: config.backendUrl, publishableKey: config.publishableKey }),
    [config],
  )
  const [route, setRoute] = useState<Route>(() => routeOf(location.search))
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    const onPop = () => setRoute(routeOf(location.search))
    window.addEventListener("popstate", onPop)
    return () => window.removeEventListener("popstate", onPop)
  }, [])
  /** Each step has its own URL: Back and Forward walk the shop; the order page replaces the payment step's entry. */
  const go = useCallback((next: Route, replace = false) => {
    const url = urlOf(next, location.search)
    if (replace) history.replaceState(null, "", url)
    else history.pushState(null, "", url)
    setError(null)
    setRoute(next)
    window.scrollTo(0, 0)
  }, [])

  return (
    <>
      <header className="shop__header">
        <a
          className="shop__brand"
          href={urlOf({ name: "product" }, location.search)}
          onClick={(e) => (e.preventDefault(), go({ name: "product" }))}
        >
          Coinfield Supply
        </a>
        <span className="shop__tag">Demo store · pays in stablecoins</span>
      </header>
      <main className="shop">
        <Progress route={route} />
        {error && (
          <p role="alert" className="shop__error">
            {error}
          </p>
        )}
        {route.name === "product" && (
          <ProductPage api={api} onCart={(cart) => go({ name: "cart", cartId: cart.id })} onError={setError} />
        )}
        {route.name !== "product" && route.name !== "order" && (
          <WithCart api={api} cartId={route.cartId} onError={setError}>
            {(cart) =>
              route.name === "cart" ? (
                <CartPage cart={cart} onNext={() => go({ name: "details", cartId: cart.id })} />
              ) : route.name === "details" ? (
                <DetailsPage
                  api={api}
                  cart={cart}
                  onDone={() => go({ name: "pay", cartId: cart.id })}
                  onError={setError}
                />
              ) : (
                <PayPage
                  config={config}
                  client={client}
                  cart={cart}
                  onOrder={(orderId) => go({ name: "order", orderId, cartId: cart.id }, true)}
                />
              )
            }
          </WithCart>
        )}
        {route.name === "order" && (
          <OrderPage
            api={api}
            client={client}
            trustRoots={config.trustRoots}
            orderId={route.orderId}
            cartId={route.cartId}
          />
        )}
      </main>
      <footer className="shop__footer">Prices include VAT. Test store: payments run on a local test network.</footer>
    </>
  )
}

const STEPS: Array<[Route["name"], string]> = [
  ["product", "Product"],
  ["cart", "Cart"],
  ["details", "Details"],
  ["pay", "Payment"],
  ["order", "Order"],
]

function Progress({ route }: { route: Route }) {
  return (
    <ol className="shop__steps" aria-label="Checkout progress">
      {STEPS.map(([name, label]) => (
        <li key={name} aria-current={route.name === name ? "step" : undefined}>
          {label}
        </li>
      ))}
    </ol>
  )
}

/** Loads the route's cart (a reload or a shared link arrives with only its id). */
function WithCart({
  api,
  cartId,
  onError,
  children,
}: {
  api: Api
  cartId: string
  onError: (e: string) => void
  children: (cart: DemoCart) => ReactNode
}) {
  const [cart, setCart] = useState<DemoCart | null>(null)
  useEffect(() => {
    api.cart(cartId).then(
      ({ cart }) => setCart(cart),
      (e) => onError(`We could not open this cart (${String(e)}). Start again from the product page.`),
    )
  }, [api, cartId, onError])
  return cart ? <>{children(cart)}</> : <p className="shop__loading">Loading your cart…</p>
}

function ProductPage({
  api,
  onCart,
  onError,
}: {
  api: Api
  onCart: (c: DemoCart) => void
  onError: (e: string) => void
}) {
  const currency = params().get("currency") ?? "eur"
  const [data, setData] = useState<{
    regionId: string
    product: Awaited<ReturnType<Api["products"]>>["products"][number]
  } | null>(null)
  const [adding, setAdding] = useState(false)
  useEffect(() => {
    ;(async () => {
      const { regions } = await api.regions()
      const region = regions.find((r) => r.currency_code === currency) ?? regions[0]!
      const { products } = await api.products(region.id)
      setData({ regionId: region.id, product: products[0]! })
    })().catch((e) => onError(String(e)))
  }, [api, currency, onError])
  if (!data) return <p className="shop__loading">Loading…</p>
  const variant = data.product.variants[0]!
  const price = variant.calculated_price
  return (
    <section className="shop__card shop__product">
      <ProductArt />
      <div className="shop__product-text">
        <h1>{data.product.title}</h1>
        {price && <p className="shop__price">{money(price.calculated_amount, price.currency_code)}</p>}
        <p>{data.product.description ?? "Heavyweight organic cotton, brushed inside. Size M."}</p>
        <button
          type="button"
          className="shop__button"
          disabled={adding}
          onClick={() => {
            setAdding(true)
            api.createCart(data.regionId, variant.id).then(
              ({ cart }) => onCart(cart),
              (e) => (setAdding(false), onError(String(e))),
            )
          }}
        >
          Add to cart
        </button>
      </div>
    </section>
  )
}

function OrderLines({ cart }: { cart: DemoCart }) {
  return (
    <>
      <ul className="shop__lines">
        {(cart.items ?? []).map((item) => (
          <li key={item.id}>
            <span>
              {item.product_title ?? item.title} × {item.quantity}
            </span>
            <span>{money(item.unit_price * item.quantity, cart.currency_code)}</span>
          </li>
        ))}
      </ul>
      <p className="shop__total">
        <span>Total</span>
        <strong>{money(cart.total, cart.currency_code)}</strong>
      </p>
    </>
  )
}

function CartPage({ cart, onNext }: { cart: DemoCart; onNext: () => void }) {
  return (
    <section className="shop__card">
      <h1>Your cart</h1>
      <OrderLines cart={cart} />
      <button type="button" className="shop__button" onClick={onNext}>
        Check out
      </button>
    </section>
  )
}

function DetailsPage({
  api,
  cart,
  onDone,
  onError,
}: {
  api: Api
  cart: DemoCart
  onDone: () => void
  onError: (e: string) => void
}) {
  const [options, setOptions] = useState<Array<{ id: string; name: string; amount: number }> | null>(null)
  useEffect(() => {
    api.shippingOptions(cart.id).then(
      (r) => setOptions(r.shipping_options),
      () => setOptions([]),
    )
  }, [api, cart.id])
  return (
    <form
      className="shop__card shop__form"
      onSubmit={async (e) => {
        e.preventDefault()
        const f = new FormData(e.currentTarget)
        const address = {
          first_name: f.get("first_name"),
          last_name: f.get("last_name"),
          address_1: f.get("address_1"),
          city: f.get("city"),
          postal_code: f.get("postal_code"),
          country_code: f.get("country_code"),
        }
        try {
          await api.updateCart(cart.id, { email: f.get("email"), shipping_address: address, billing_address: address })
          const option = f.get("shipping")
          if (typeof option === "string" && option) await api.addShipping(cart.id, option)
          onDone()
        } catch (error) {
          onError(String(error))
        }
      }}
    >
      <h1>Your details</h1>
      <div className="shop__fields">
        <label>
          Email{" "}
          <input
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={cart.email ?? "buyer@example.com"}
          />
        </label>
        <label>
          First name <input name="first_name" autoComplete="given-name" required defaultValue="Ada" />
        </label>
        <label>
          Last name <input name="last_name" autoComplete="family-name" required defaultValue="Lovelace" />
        </label>
        <label>
          Street <input name="address_1" autoComplete="address-line1" required defaultValue="Hauptstrasse 1" />
        </label>
        <label>
          City <input name="city" autoComplete="address-level2" required defaultValue="Berlin" />
        </label>
        <label>
          Postal code <input name="postal_code" autoComplete="postal-code" required defaultValue="10115" />
        </label>
        <label>
          Country code{" "}
          <input
            name="country_code"
            autoComplete="country"
            required
            defaultValue={cart.currency_code === "usd" ? "us" : "de"}
            maxLength={2}
          />
        </label>
      </div>
      <fieldset className="shop__shipping">
        <legend>Shipping</legend>
        {options === null && <p>Loading shipping options…</p>}
        {options?.length === 0 && <p>Free shipping, sent with the order.</p>}
        {options?.map((o, i) => (
          <label key={o.id}>
            <input type="radio" name="shipping" value={o.id} defaultChecked={i === 0} /> {o.name} (
            {money(o.amount, cart.currency_code)})
          </label>
        ))}
      </fieldset>
      <button type="submit" className="shop__button">
        Continue to payment
      </button>
    </form>
  )
}

function PayPage({
  config,
  client,
  cart,
  onOrder,
}: {
  config: DemoConfig
  client: StablecoinStoreClient
  cart: DemoCart
  onOrder: (orderId: string) => void
}) {
  // `?devBatch=0`: the dev wallet acts as a wallet without EIP-5792 batching (one confirmation per transaction).
  const batching = params().get("devBatch") !== "0"
  const [confirmations, setConfirmations] = useState<string[]>([])
  const devWallet = useMemo<DiscoveredWallet | null>(
    () =>
      config.devWallet
        ? createDevWallet(config.devWallet, {
            batching,
            onConfirmation: (request) => setConfirmations((all) => [...all, confirmationLabel(request)]),
          })
        : null,
    [config, batching],
  )
  // The dev wallet is offered only once its mint is mined: Pay before the balance is there would be refused.
  const [minting, setMinting] = useState(false)
  return (
    <div className="shop__pay">
      <section className="shop__card shop__summary" aria-labelledby="summary-title">
        <h2 id="summary-title">Order summary</h2>
        <OrderLines cart={cart} />
      </section>
      <section className="shop__card shop__payment" aria-labelledby="payment-title">
        <h1 id="payment-title">Payment</h1>
        {config.devWallet && devWallet && (
          <DevWalletPanel
            config={config}
            wallet={devWallet}
            batching={batching}
            confirmations={confirmations}
            onMinting={setMinting}
          />
        )}
        <StablecoinPayment
          cart={cart}
          client={client}
          trustRoots={config.trustRoots}
          locale={localeOf()}
          onOrderPlaced={onOrder}
          extraWallets={devWallet && !minting ? [devWallet] : []}
          pollIntervalMs={Number(params().get("poll") ?? 1500)}
        />
      </section>
    </div>
  )
}

function DevWalletPanel({
  config,
  wallet,
  batching,
  confirmations,
  onMinting,
}: {
  config: DemoConfig
  wallet: DiscoveredWallet
  batching: boolean
  /** The requests it would have asked its user to confirm, in order. */
  confirmations: string[]
  onMinting: (busy: boolean) => void
}) {
  const dev = config.devWallet!
  const [note, setNote] = useState<string | null>(null)
  return (
    <aside className="shop__devwallet" aria-label="Development wallet">
      <p>
        <strong>DEV ONLY:</strong> a wallet backed by the local test network&apos;s public customer account{" "}
        <code>{dev.address}</code>. It does not exist outside <code>npm run dev</code>.
      </p>
      <p>
        {batching ? (
          <>
            Batches calls (EIP-5792): allows and pays in one confirmation.{" "}
            <a href={urlWith("devBatch", "0")}>Without batching</a>
          </>
        ) : (
          <>
            Does not batch calls: one confirmation per transaction.{" "}
            <a href={urlWith("devBatch", null)}>With batching</a>
          </>
        )}
      </p>
      <div className="shop__devwallet-buttons">
        {dev.chains.flatMap((c) =>
          Object.entries(c.tokens).map(([symbol, t]) => (
            <button
              key={`${c.chainId}-${symbol}`}
              type="button"
              className="shop__small"
              onClick={() => {
                onMinting(true)
                setNote(`Minting 1000 test ${symbol}…`)
                mintDevTokens(wallet, dev, c.chainId, symbol, 1000n * 10n ** BigInt(t.decimals))
                  .then(
                    () => setNote(`Minted 1000 test ${symbol}.`),
                    (e) => setNote(String(e)),
                  )
                  .finally(() => onMinting(false))
              }}
            >
              Mint 1000 test {symbol} ({c.chainId})
            </button>
          )),
        )}
      </div>
      {note && <p>{note}</p>}
      {confirmations.length > 0 && (
        <>
          <p id="devwallet-confirmations">Confirmations this wallet asked for:</p>
          <ol className="shop__devwallet-confirmations" aria-labelledby="devwallet-confirmations">
            {confirmations.map((c, i) => (
              <li key={i}>{c}</li>
            ))}
          </ol>
        </>
      )}
    </aside>
  )
}

function OrderPage({
  api,
  client,
  trustRoots,
  orderId,
  cartId,
}: {
  api: Api
  client: StablecoinStoreClient
  trustRoots: DemoConfig["trustRoots"]
  orderId: string
  cartId: string
}) {
  const [order, setOrder] = useState<Awaited<ReturnType<Api["order"]>>["order"] | null>(null)
  const [canceled, setCanceled] = useState(false)
  useEffect(() => {
    api.order(orderId).then(
      (r) => setOrder(r.order),
      () => setOrder(null),
    )
  }, [api, orderId])
  return (
    <section className="shop__card shop__done">
      <h1>{canceled ? "Your order was canceled" : "Thank you, your order is placed"}</h1>
      <p data-order-id={orderId} className="shop__order-number">
        {order ? `Order #${order.display_id}` : "Your order"}
      </p>
      {order && (
        <p>
          {money(order.total, order.currency_code)};{" "}
          {canceled ? "it will not ship." : `a confirmation goes to ${order.email}.`}
        </p>
      )}
      <OrderPaymentStatus
        client={client}
        cartId={cartId}
        trustRoots={trustRoots}
        locale={localeOf()}
        pollIntervalMs={1500}
        onStatusChange={(status) => setCanceled(status === "canceled")}
      />
    </section>
  )
}

fetch("/demo-config.json")
  .then((r) => r.json() as Promise<DemoConfig>)
  .then((config) =>
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  )
