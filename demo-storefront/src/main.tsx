/// <reference lib="dom" />
import { StrictMode, useCallback, useEffect, useMemo, useState, type ReactNode } from "react"
import { createRoot } from "react-dom/client"
import type { PublicStablecoinPayment } from "../../src/lib/checkout/public-payment"
import { createStablecoinStoreClient, type DiscoveredWallet, type StablecoinStoreClient } from "../../src/storefront"
import { OrderPaymentStatus, StablecoinPayment } from "../../src/storefront/react"
import type { DemoConfig } from "./demo-config"
import { confirmationLabel, createDevWallet, mintDevTokens, readDevBalance } from "./dev-wallet"
import { ProductArt } from "./product-art"
import { routeOf, urlOf, type Route } from "./route"
import { shopLanguageOf } from "./shop-text"
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
/** `?lang=de` shows the whole shop in German, its own words and the payment step's; every step's URL keeps it. */
const language = shopLanguageOf(location.search)
const T = language.text
const localeOf = () => language.locale
document.documentElement.lang = language.lang
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
        <span className="shop__tag">{T.tagline}</span>
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
          // One load per step: the details page adds shipping, and the payment step shows the cart with it.
          <WithCart key={route.name} api={api} cartId={route.cartId} onError={setError}>
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
      <footer className="shop__footer">{T.footer}</footer>
    </>
  )
}

const STEPS: Array<Route["name"]> = ["product", "cart", "details", "pay", "order"]

/** Where the shopper is, as plain progress text and a bar: nothing in it looks clickable, nothing is. */
function Progress({ route }: { route: Route }) {
  const step = STEPS.indexOf(route.name) + 1
  return (
    <div className="shop__progress">
      <p className="shop__progress-text">
        {T.steps.of({ step, total: STEPS.length })}: <strong>{T.stepNames[route.name]}</strong>
      </p>
      <div className="shop__progress-bar" aria-hidden="true">
        <span style={{ width: `${(step / STEPS.length) * 100}%` }} />
      </div>
    </div>
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
      (e) => onError(T.cartError({ error: String(e) })),
    )
  }, [api, cartId, onError])
  return cart ? <>{children(cart)}</> : <p className="shop__loading">{T.loadingCart}</p>
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
  if (!data) return <p className="shop__loading">{T.loading}</p>
  const variant = data.product.variants[0]!
  const price = variant.calculated_price
  return (
    <section className="shop__card shop__product">
      <ProductArt />
      <div className="shop__product-text">
        <h1>{data.product.title}</h1>
        {price && <p className="shop__price">{money(price.calculated_amount, price.currency_code)}</p>}
        <p>{data.product.description ?? T.product.fallbackDescription}</p>
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
          {T.product.addToCart}
        </button>
      </div>
    </section>
  )
}

/** The cart's lines as Medusa totals them: items, the shipping chosen, and the total the payment asks for. */
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
        {(cart.shipping_methods ?? []).map((method) => (
          <li key={method.id} className="shop__shipping-line">
            <span>
              {T.lines.shipping}: {method.name}
            </span>
            <span>{money(method.total ?? method.amount, cart.currency_code)}</span>
          </li>
        ))}
      </ul>
      <p className="shop__total">
        <span>{T.lines.total}</span>
        <strong>{money(cart.total, cart.currency_code)}</strong>
      </p>
    </>
  )
}

function CartPage({ cart, onNext }: { cart: DemoCart; onNext: () => void }) {
  return (
    <section className="shop__card">
      <h1>{T.cart.title}</h1>
      <OrderLines cart={cart} />
      <button type="button" className="shop__button" onClick={onNext}>
        {T.cart.checkout}
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
      <h1>{T.details.title}</h1>
      <div className="shop__fields">
        <label>
          {T.details.email}{" "}
          <input
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={cart.email ?? "buyer@example.com"}
          />
        </label>
        <label>
          {T.details.firstName} <input name="first_name" autoComplete="given-name" required defaultValue="Ada" />
        </label>
        <label>
          {T.details.lastName} <input name="last_name" autoComplete="family-name" required defaultValue="Lovelace" />
        </label>
        <label>
          {T.details.street}{" "}
          <input name="address_1" autoComplete="address-line1" required defaultValue="Hauptstrasse 1" />
        </label>
        <label>
          {T.details.city} <input name="city" autoComplete="address-level2" required defaultValue="Berlin" />
        </label>
        <label>
          {T.details.postalCode} <input name="postal_code" autoComplete="postal-code" required defaultValue="10115" />
        </label>
        <label>
          {T.details.countryCode}{" "}
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
        <legend>{T.details.shipping}</legend>
        {options === null && <p>{T.details.loadingShipping}</p>}
        {options?.length === 0 && <p>{T.details.freeShipping}</p>}
        {options?.map((o, i) => (
          <label key={o.id}>
            <input type="radio" name="shipping" value={o.id} defaultChecked={i === 0} /> {o.name} (
            {money(o.amount, cart.currency_code)})
          </label>
        ))}
      </fieldset>
      <button type="submit" className="shop__button">
        {T.details.submit}
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
  const [minting, setMinting] = useState(false)
  const [payment, setPayment] = useState<PublicStablecoinPayment | null>(null)
  const funds = useDevFunds(config, payment)
  // The dev wallet's Pay is offered only once it holds what the payment asks: Pay without it would be refused.
  const offered = devWallet && !minting && funds.enough ? [devWallet] : []
  return (
    <div className="shop__pay">
      <section className="shop__card shop__summary" aria-labelledby="summary-title">
        <h2 id="summary-title">{T.lines.summary}</h2>
        <OrderLines cart={cart} />
      </section>
      <section className="shop__card shop__payment" aria-labelledby="payment-title">
        <h1 id="payment-title">{T.pay.title}</h1>
        <StablecoinPayment
          cart={cart}
          client={client}
          trustRoots={config.trustRoots}
          locale={localeOf()}
          onOrderPlaced={onOrder}
          onPaymentChange={setPayment}
          extraWallets={offered}
          pollIntervalMs={Number(params().get("poll") ?? 1500)}
        />
        {config.devWallet && devWallet && (
          <DevWalletPanel
            config={config}
            wallet={devWallet}
            batching={batching}
            confirmations={confirmations}
            payment={payment}
            funds={funds}
            onMinting={setMinting}
          />
        )}
      </section>
    </div>
  )
}

type DevFunds = {
  /** The dev account's balance of the payment's token, base units; null before it was read (or with no payment). */
  balance: bigint | null
  /** It holds at least what the payment still asks (the amount, or what an underpayment left to send). */
  enough: boolean
  /** Read the balance again (after a mint). */
  reload: () => void
}

/**
 * DEV ONLY: the dev account's balance of the payment's token, read for each payment, status and mint,
 * and every 2 s (tokens minted from outside the page, e.g. `npm run customer`, count too).
 */
function useDevFunds(config: DemoConfig, payment: PublicStablecoinPayment | null): DevFunds {
  const [balance, setBalance] = useState<bigint | null>(null)
  const [reads, setReads] = useState(0)
  const dev = config.devWallet
  const key = payment ? `${payment.paymentId}:${payment.status}:${payment.remaining?.baseUnits ?? ""}:${reads}` : null
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the payment, its state and the read asked for
  useEffect(() => {
    if (!dev || !payment) return setBalance(null)
    let live = true
    const read = () =>
      readDevBalance(dev, payment.chain.id, payment.token.address).then(
        (units) => live && setBalance(units),
        () => live && setBalance(null),
      )
    void read()
    const timer = setInterval(() => void read(), 2000)
    return () => {
      live = false
      clearInterval(timer)
    }
  }, [dev, key])
  const due = payment ? BigInt(payment.remaining?.baseUnits ?? payment.amount.baseUnits) : null
  return {
    balance,
    enough: balance !== null && due !== null && balance >= due,
    reload: useCallback(() => setReads((n) => n + 1), []),
  }
}

/** Collapsed on a phone (one line, opens on tap), open on a wide screen; either way after the payment box. */
const devPanelOpenAtStart = () => !window.matchMedia("(max-width: 700px)").matches

function DevWalletPanel({
  config,
  wallet,
  batching,
  confirmations,
  payment,
  funds,
  onMinting,
}: {
  config: DemoConfig
  wallet: DiscoveredWallet
  batching: boolean
  /** The requests it would have asked its user to confirm, in order. */
  confirmations: string[]
  payment: PublicStablecoinPayment | null
  funds: DevFunds
  onMinting: (busy: boolean) => void
}) {
  const dev = config.devWallet!
  const [note, setNote] = useState<string | null>(null)
  const [open, setOpen] = useState(devPanelOpenAtStart)
  const mints = dev.chains.flatMap((c) => Object.entries(c.tokens).map(([symbol, t]) => ({ chain: c, symbol, t })))
  // The payment's token first: the one mint that makes Pay appear.
  const isPaymentToken = (m: (typeof mints)[number]) =>
    payment !== null && m.chain.chainId === payment.chain.id && m.symbol === payment.token.symbol
  mints.sort((a, b) => Number(isPaymentToken(b)) - Number(isPaymentToken(a)))
  // One short line: the panel stays one line on a phone until it is opened.
  const holds =
    payment === null
      ? "pick a token"
      : funds.balance === null
        ? "reading…"
        : funds.enough
          ? `holds ${payment.token.symbol}`
          : `no ${payment.token.symbol} yet`
  return (
    <details
      className="shop__devwallet"
      lang="en"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <strong>DEV ONLY</strong> test wallet · <span className="shop__devwallet-state">{holds}</span>
      </summary>
      {payment && !funds.enough && funds.balance !== null && (
        <p>
          Mint test {payment.token.symbol} below: its Pay button appears in the payment box once the wallet holds the
          amount.
        </p>
      )}
      <p>
        A wallet backed by the local test network&apos;s public customer account <code>{dev.address}</code>. It does not
        exist outside <code>npm run dev</code>.
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
        {mints.map(({ chain, symbol, t }) => (
          <button
            key={`${chain.chainId}-${symbol}`}
            type="button"
            className={isPaymentToken({ chain, symbol, t }) ? "shop__small shop__small--main" : "shop__small"}
            onClick={() => {
              onMinting(true)
              setNote(`Minting 1000 test ${symbol}…`)
              mintDevTokens(wallet, dev, chain.chainId, symbol, 1000n * 10n ** BigInt(t.decimals))
                .then(
                  () => setNote(`Minted 1000 test ${symbol}.`),
                  (e) => setNote(String(e)),
                )
                .finally(() => {
                  onMinting(false)
                  funds.reload()
                })
            }}
          >
            Mint 1000 test {symbol} ({chain.chainId})
          </button>
        ))}
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
    </details>
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
      <h1>{canceled ? T.order.canceled : T.order.placed}</h1>
      <p data-order-id={orderId} className="shop__order-number">
        {order ? T.order.number({ displayId: order.display_id }) : T.order.fallbackNumber}
      </p>
      {order && (
        <p>
          {canceled
            ? T.order.willNotShip({ total: money(order.total, order.currency_code) })
            : T.order.confirmationTo({ total: money(order.total, order.currency_code), email: order.email })}
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
