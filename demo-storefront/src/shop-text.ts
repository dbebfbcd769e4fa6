/** The demo shop's own words (the payment components bring theirs): one object per language `?lang=` may name. */
export type ShopText = {
  tagline: string
  footer: string
  loading: string
  loadingCart: string
  cartError: (p: { error: string }) => string
  steps: { of: (p: { step: number; total: number }) => string }
  stepNames: Record<"product" | "cart" | "details" | "pay" | "order", string>
  product: { fallbackDescription: string; addToCart: string }
  cart: { title: string; checkout: string }
  lines: { shipping: string; tax: string; total: string; summary: string }
  details: {
    title: string
    email: string
    firstName: string
    lastName: string
    street: string
    city: string
    postalCode: string
    countryCode: string
    shipping: string
    loadingShipping: string
    freeShipping: string
    submit: string
  }
  pay: { title: string }
  order: {
    placed: string
    canceled: string
    number: (p: { displayId: number }) => string
    fallbackNumber: string
    confirmationTo: (p: { total: string; email: string }) => string
    willNotShip: (p: { total: string }) => string
  }
}

const en: ShopText = {
  tagline: "Demo store · pays in stablecoins",
  footer: "Prices include VAT. Test store: payments run on a local test network.",
  loading: "Loading…",
  loadingCart: "Loading your cart…",
  cartError: ({ error }) => `We could not open this cart (${error}). Start again from the product page.`,
  steps: { of: ({ step, total }) => `Step ${step} of ${total}` },
  stepNames: { product: "Product", cart: "Cart", details: "Details", pay: "Payment", order: "Order" },
  product: { fallbackDescription: "Heavyweight organic cotton, brushed inside. Size M.", addToCart: "Add to cart" },
  cart: { title: "Your cart", checkout: "Check out" },
  lines: { shipping: "Shipping", tax: "Tax", total: "Total", summary: "Order summary" },
  details: {
    title: "Your details",
    email: "Email",
    firstName: "First name",
    lastName: "Last name",
    street: "Street",
    city: "City",
    postalCode: "Postal code",
    countryCode: "Country code",
    shipping: "Shipping",
    loadingShipping: "Loading shipping options…",
    freeShipping: "Free shipping, sent with the order.",
    submit: "Continue to payment",
  },
  pay: { title: "Payment" },
  order: {
    placed: "Thank you, your order is placed",
    canceled: "Your order was canceled",
    number: ({ displayId }) => `Order #${displayId}`,
    fallbackNumber: "Your order",
    confirmationTo: ({ total, email }) => `${total}; a confirmation goes to ${email}.`,
    willNotShip: ({ total }) => `${total}; it will not ship.`,
  },
}

const de: ShopText = {
  tagline: "Demo-Shop · Zahlung in Stablecoins",
  footer: "Preise inkl. MwSt. Test-Shop: Zahlungen laufen über ein lokales Testnetzwerk.",
  loading: "Wird geladen…",
  loadingCart: "Ihr Warenkorb wird geladen…",
  cartError: ({ error }) =>
    `Dieser Warenkorb konnte nicht geöffnet werden (${error}). Beginnen Sie erneut auf der Produktseite.`,
  steps: { of: ({ step, total }) => `Schritt ${step} von ${total}` },
  stepNames: { product: "Produkt", cart: "Warenkorb", details: "Angaben", pay: "Zahlung", order: "Bestellung" },
  product: {
    fallbackDescription: "Schwere Bio-Baumwolle, innen angeraut. Größe M.",
    addToCart: "In den Warenkorb",
  },
  cart: { title: "Ihr Warenkorb", checkout: "Zur Kasse" },
  lines: { shipping: "Versand", tax: "Steuer", total: "Gesamt", summary: "Bestellübersicht" },
  details: {
    title: "Ihre Angaben",
    email: "E-Mail",
    firstName: "Vorname",
    lastName: "Nachname",
    street: "Straße",
    city: "Ort",
    postalCode: "Postleitzahl",
    countryCode: "Ländercode",
    shipping: "Versand",
    loadingShipping: "Versandarten werden geladen…",
    freeShipping: "Kostenloser Versand, mit der Bestellung verschickt.",
    submit: "Weiter zur Zahlung",
  },
  pay: { title: "Zahlung" },
  order: {
    placed: "Vielen Dank, Ihre Bestellung ist aufgegeben",
    canceled: "Ihre Bestellung wurde storniert",
    number: ({ displayId }) => `Bestellung Nr. ${displayId}`,
    fallbackNumber: "Ihre Bestellung",
    confirmationTo: ({ total, email }) => `${total}; eine Bestätigung geht an ${email}.`,
    willNotShip: ({ total }) => `${total}; sie wird nicht versandt.`,
  },
}

/** The languages the shop speaks, as the payment components do (src/storefront/messages): `?lang=` names one. */
export const SHOP_TEXT: Readonly<Record<string, { locale: string; text: ShopText }>> = {
  en: { locale: "en-US", text: en },
  de: { locale: "de-DE", text: de },
}

/**
 * The shop's language from `?lang=` ("de", "de-AT" as "de"), English for any other.
 * @example shopLanguageOf("?lang=de") // { lang: "de", locale: "de-DE", text: … }
 */
export function shopLanguageOf(search: string): { lang: string; locale: string; text: ShopText } {
  const asked = (new URLSearchParams(search).get("lang") ?? "en").toLowerCase().split("-")[0]!
  const lang = asked in SHOP_TEXT ? asked : "en"
  return { lang, ...SHOP_TEXT[lang]! }
}
