import type { StablecoinMessages } from "./stablecoin-messages"

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many)

/** German. */
export const messagesDe: StablecoinMessages = {
  region: "Mit Stablecoins bezahlen",
  choice: {
    legend: "Wie möchten Sie bezahlen?",
    rails: { deposit: "An eine Adresse senden (jede Wallet oder Börse)", connect: "Mit einer Browser-Wallet bezahlen" },
    network: "Netzwerk",
    token: "Token",
    submit: "Weiter",
    change: "Token oder Netzwerk ändern",
    cancel: "Aktuelle Zahlung behalten",
  },
  status: {
    idle: "Wählen Sie die Zahlungsart; Ihr Preis in Stablecoins wird beim Fortfahren festgelegt.",
    starting: "Preis und Zahlungsadresse werden geholt…",
    waiting: ({ rail, amount, network }) =>
      rail === "deposit"
        ? `Senden Sie genau ${amount} im Netzwerk ${network} an die Adresse unten.`
        : `Bezahlen Sie ${amount} im Netzwerk ${network} mit Ihrer Wallet.`,
    sentFromWallet: "Zahlung aus Ihrer Wallet gesendet. Wir warten, bis das Netzwerk sie zeigt…",
    detected: "Wir sehen Ihre Zahlung. Wir warten auf die Bestätigung durch das Netzwerk…",
    confirming: ({ confirmations, required }) =>
      confirmations < required
        ? `Ihre Zahlung wird bestätigt: ${confirmations} von ${required} ${plural(required, "Bestätigung", "Bestätigungen")}.`
        : `Ihre Zahlung hat ihre ${required} ${plural(required, "Bestätigung", "Bestätigungen")}. Der Zahlungsdienst prüft den Betrag…`,
    paid: "Ihre Zahlung ist bestätigt. Ihre Bestellung wird aufgegeben…",
    orderPlaced: "Zahlung erhalten. Ihre Bestellung ist aufgegeben.",
    underpaid: ({ rail, received, remaining }) =>
      `Wir haben ${received} erhalten; es fehlen noch ${remaining}. ${rail === "deposit" ? "Senden Sie den Rest an dieselbe Adresse." : "Bezahlen Sie den Rest mit Ihrer Wallet."}`,
    overpaid: ({ surplus }) =>
      `Sie haben ${surplus} mehr als den Gesamtbetrag gesendet; der Shop erstattet ihn. Ihre Bestellung wird aufgegeben.`,
    expired: ({ rail, amount }) =>
      rail === "deposit"
        ? `Die Preisgarantie ist abgelaufen, aber die Adresse unten nimmt ${amount} weiterhin an: Eine Zahlung daran wird gutgeschrieben.`
        : "Die Preisgarantie ist abgelaufen. Wählen Sie den Token erneut, um einen neuen Preis zu erhalten.",
    wrongToken:
      "Ein Token, den dieser Shop nicht annimmt, ist eingegangen. Senden Sie nichts mehr; wenden Sie sich an den Shop.",
    held: "Diese Zahlung wird für eine Compliance-Prüfung angehalten. Senden Sie nichts mehr; der Shop meldet sich bei Ihnen.",
    failed:
      "Diese Zahlung konnte nicht automatisch bestätigt werden. Senden Sie nichts mehr; der Shop prüft sie und meldet sich bei Ihnen.",
    refused: "Wir konnten diese Zahlungsadresse nicht prüfen. Es wurde nichts gesendet.",
    refusedNext:
      "Zahlen Sie an keine Adresse, die Sie anderswo erhalten haben. Laden Sie die Seite neu oder wenden Sie sich an den Shop.",
  },
  errors: {
    unverified:
      "Die Zahlungsadresse konnte nicht geprüft werden, daher wird keine angezeigt. Versuchen Sie es gleich noch einmal oder wählen Sie eine andere Option.",
    walletNotAvailable:
      "Bezahlen mit einer Browser-Wallet ist in diesem Netzwerk noch nicht möglich. Wählen Sie stattdessen „An eine Adresse senden“.",
    unsupportedCurrency:
      "Die Währung dieses Shops kann nicht mit Stablecoins bezahlt werden. Gehen Sie zurück und wählen Sie eine andere Zahlungsart.",
    serviceBusy: "Der Zahlungsdienst ist ausgelastet. Versuchen Sie es gleich noch einmal.",
    network: "Der Shop ist nicht erreichbar. Prüfen Sie Ihre Verbindung; wir versuchen es weiter.",
    generic:
      "Ihre Zahlung konnte nicht vorbereitet werden. Versuchen Sie es erneut oder wählen Sie eine andere Zahlungsart.",
    unavailable:
      "Bezahlen mit Stablecoins ist auf dieser Seite gerade nicht möglich. Wählen Sie eine andere Zahlungsart oder wenden Sie sich an den Shop.",
  },
  summary: {
    total: "Bestellsumme",
    toPay: "Sie zahlen",
    received: "Erhalten",
    rate: ({ token, fiat }) => `1 ${token} = ${fiat}`,
    rateLabel: "Kurs",
    network: "Netzwerk",
    token: "Token",
  },
  countdown: {
    label: "Preis garantiert für",
    atZero: ({ rail }) =>
      rail === "deposit"
        ? "Danach bleibt diese Adresse gültig: Eine spätere Zahlung wird trotzdem gutgeschrieben."
        : "Danach wählen Sie den Token erneut für einen neuen Preis.",
    ended: "Preisgarantie abgelaufen",
  },
  deposit: {
    amount: "Betrag",
    remaining: "Noch zu senden",
    sendTo: "Senden an",
    copy: ({ what }) => `${what} kopieren`,
    copyButton: "Kopieren",
    copyAmount: "Betrag",
    copyAddress: "Adresse",
    copyTransaction: "Transaktion",
    copied: "Kopiert",
    copyFailed: "Markieren und kopieren",
    openInWallet: "In der Wallet öffnen",
    qrLabel: ({ amount, network, address }) => `QR-Code: ${amount} im Netzwerk ${network} an ${address} senden`,
    onlyThis: ({ token, network }) =>
      `Senden Sie nur ${token} im Netzwerk ${network}; andere Token oder Netzwerke können nicht gutgeschrieben werden.`,
  },
  phone: {
    open: "Auf dem Handy weitermachen",
    hint: "Scannen Sie den Code, um diese Zahlung auf dem Handy zu öffnen. Es ist dieselbe Zahlung: Bezahlen Sie sie nur einmal, auf einem der Geräte.",
    qrLabel: "QR-Code der Adresse dieser Seite",
  },
  wallet: {
    steps: {
      connecting: "Verbindung zu Ihrer Wallet…",
      switching_chain: "Ihre Wallet wechselt in das Netzwerk der Zahlung…",
      verifying: "Die Zahlungsadresse wird über Ihre Wallet geprüft…",
      checking_balance: "Ihr Guthaben wird geprüft…",
      approving: "Erlauben Sie die Zahlung in Ihrer Wallet…",
      paying: "Bestätigen Sie die Zahlung in Ihrer Wallet…",
      waiting_receipt: "Wir warten, bis das Netzwerk die Zahlung annimmt…",
      confirming_batch: "Bestätigen Sie in Ihrer Wallet: Eine Bestätigung erlaubt den Betrag und bezahlt ihn…",
      waiting_batch: "Ihre Wallet sendet die Zahlung. Wir warten, bis das Netzwerk sie annimmt…",
    },
    overview: [
      "Wallet verbinden",
      "Adresse und Guthaben prüfen",
      "Betrag erlauben (nur wenn Ihre Wallet fragt)",
      "Zahlung bestätigen",
    ],
    overviewBatched: ["Wallet verbinden", "Adresse und Guthaben prüfen", "Erlauben und bezahlen mit einer Bestätigung"],
    overviewLabel: "Schritte in der Wallet",
    pay: ({ amount, wallet }) => `${amount} mit ${wallet} bezahlen`,
    noWallet: "Keine Browser-Wallet gefunden. Installieren Sie eine oder wählen Sie „An eine Adresse senden“.",
    openElsewhere:
      "Eine Zahlungsanfrage für diese Bestellung ist in Ihrer Wallet offen, vielleicht aus einem anderen Tab. Bestätigen oder lehnen Sie sie dort ab.",
    sent: "Aus Ihrer Wallet gesendet.",
    tryAgain: "Erneut versuchen",
    errors: {
      no_wallet: () => "Ihre Wallet hat kein Konto freigegeben. Entsperren Sie sie und versuchen Sie es erneut.",
      rejected: () =>
        "Sie haben die Anfrage in Ihrer Wallet abgelehnt. Es wurde nichts gesendet; versuchen Sie es erneut, wenn Sie bereit sind.",
      wrong_chain: ({ network }) => `Wechseln Sie Ihre Wallet in das Netzwerk ${network} und versuchen Sie es erneut.`,
      insufficient_balance: ({ token, network }) =>
        `Diese Wallet hat nicht genug ${token} im Netzwerk ${network}. Laden Sie sie auf oder nutzen Sie eine andere Wallet.`,
      verification_failed: () => "Wir konnten diese Zahlungsadresse nicht prüfen. Es wurde nichts gesendet.",
      reverted: () => "Das Netzwerk hat die Transaktion abgelehnt. Es wurde nichts bezahlt; versuchen Sie es erneut.",
      token_refuses_approval: ({ token, network, tokenAddress }) =>
        `Der Token ${token} im Netzwerk ${network} (${tokenAddress}) lässt diese Wallet nicht damit bezahlen. Es wurde nichts gesendet; wählen Sie einen anderen Token oder bezahlen Sie aus einer anderen Wallet.`,
      wallet_error: () =>
        "Ihre Wallet hat ein Problem gemeldet. Es wurde nichts bezahlt; versuchen Sie es erneut oder nutzen Sie eine andere Wallet.",
    },
  },
  receipt: {
    title: "Zahlungsbeleg",
    amount: "Bezahlter Betrag",
    network: "Netzwerk",
    time: "Bezahlt am",
    transaction: "Transaktion",
    transactions: "Transaktionen",
    viewTransaction: "Im Explorer des Netzwerks ansehen",
    surplus: ({ surplus, refunded }) =>
      refunded
        ? `Sie haben ${surplus} mehr als den Gesamtbetrag gesendet; der Shop hat ihn erstattet.`
        : `Sie haben ${surplus} mehr als den Gesamtbetrag gesendet; der Shop erstattet ihn.`,
    confirming: ({ amount, network, confirmations, required }) =>
      confirmations < required
        ? `Ihre Zahlung von ${amount} im Netzwerk ${network} wird bestätigt: ${confirmations} von ${required} ${plural(required, "Bestätigung", "Bestätigungen")}. Ihre Bestellung ist aufgegeben und wird versandt, sobald der Shop die Zahlung erhalten hat.`
        : `Ihre Zahlung von ${amount} im Netzwerk ${network} hat ihre ${required} ${plural(required, "Bestätigung", "Bestätigungen")}; der Zahlungsdienst prüft den Betrag. Ihre Bestellung ist aufgegeben und wird versandt, sobald der Shop die Zahlung erhalten hat.`,
    settling: ({ amount, network, awaiting }) =>
      awaiting === "sweep"
        ? `Ihre Zahlung von ${amount} im Netzwerk ${network} ist bestätigt. Sie wird jetzt auf das Konto des Shops übertragen, was einige Minuten dauern kann; Ihre Bestellung wird versandt, sobald sie angekommen ist.`
        : `Ihre Zahlung von ${amount} im Netzwerk ${network} ist bestätigt und auf dem Weg zum Shop. Ihre Bestellung wird versandt, sobald der Shop sie verbucht hat, meist innerhalb weniger Minuten.`,
    underpaid: ({ remaining }) =>
      `Ihre Zahlung war zu niedrig: Es fehlen noch ${remaining}, zu senden an dieselbe Adresse. Die Bestellung wird versandt, sobald sie bezahlt ist.`,
    attention: "Ihre Zahlung muss vom Shop geprüft werden. Senden Sie nichts mehr; der Shop meldet sich bei Ihnen.",
    canceled: ({ amount, refunded }) =>
      refunded
        ? `Diese Bestellung wurde storniert. Der Shop hat die gesendeten ${amount} zurückerstattet.`
        : `Diese Bestellung wurde storniert und wird nicht versandt. Die gesendeten ${amount} stehen Ihnen zu: Der Shop erstattet sie zurück (siehe Erstattungen). Senden Sie nichts mehr.`,
  },
  refund: {
    addressLabel: "Rückerstattungsadresse",
    optional: "(optional)",
    why: "Falls wir Geld zurücksenden müssen; Einzahlungsadressen von Börsen können es oft nicht empfangen.",
    prefilled:
      "Mit der Wallet ausgefüllt, aus der Sie bezahlt haben; ändern Sie sie, wenn Erstattungen woanders hingehen sollen.",
    required:
      "Geben Sie zuerst eine Rückerstattungsadresse an: Die Zahlungsadresse erscheint, sobald sie gespeichert ist.",
    save: "Rückerstattungsadresse speichern",
    saving: "Wird gespeichert…",
    savedTo: "Erstattungen gehen an",
    change: "Ändern",
    invalid: "Geben Sie eine Adresse aus 0x und 40 Hexadezimalzeichen an, von einer Wallet, über die Sie verfügen.",
    failed: "Die Rückerstattungsadresse konnte nicht gespeichert werden. Versuchen Sie es erneut.",
    listTitle: "Erstattungen",
    reasons: {
      merchant: "Erstattung",
      surplus: "Überzahlung zurück",
      order_canceled: "Stornierte Bestellung",
      cart_completion_failed: "Bestellung nicht aufgegeben",
    },
    due: "Wird vom Shop gesendet",
    sent: "Gesendet",
    kept: "Bezahlt nach Erstattungen",
  },
}
