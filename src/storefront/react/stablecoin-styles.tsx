/**
 * The components' look, from CSS variables: each `--stablecoin-*` variable
 * falls back to the Medusa UI preset's token of the same role (`--fg-base`, `--bg-subtle`,
 * `--border-base`, ... as Medusa's starter defines them through its Tailwind theme), then to a
 * neutral default, so a starter's theme styles the step without overrides and a store can set
 * any variable itself. No horizontal scroll from 320 px: everything wraps, long values break.
 */
export const STABLECOIN_CSS = `
.stablecoin-payment, .stablecoin-order-payment {
  --sc-fg: var(--stablecoin-fg, var(--fg-base, #111827));
  --sc-fg-subtle: var(--stablecoin-fg-subtle, var(--fg-subtle, #4b5563));
  --sc-bg: var(--stablecoin-bg, var(--bg-base, #ffffff));
  --sc-bg-subtle: var(--stablecoin-bg-subtle, var(--bg-subtle, #f3f4f6));
  --sc-border: var(--stablecoin-border, var(--border-base, #d1d5db));
  --sc-accent: var(--stablecoin-accent, var(--button-inverted, #1d4ed8));
  --sc-on-accent: var(--stablecoin-on-accent, var(--fg-on-inverted, #ffffff));
  --sc-info-bg: var(--stablecoin-info-bg, var(--tag-blue-bg, #eff6ff));
  --sc-ok-bg: var(--stablecoin-ok-bg, var(--tag-green-bg, #ecfdf5));
  --sc-warn-bg: var(--stablecoin-warn-bg, var(--tag-orange-bg, #fffbeb));
  --sc-error-bg: var(--stablecoin-error-bg, var(--tag-red-bg, #fef2f2));
  --sc-error-fg: var(--stablecoin-error-fg, var(--fg-error, #b91c1c));
  --sc-radius: var(--stablecoin-radius, 0.5rem);
  --sc-gap: var(--stablecoin-gap, 0.75rem);
  --sc-qr: var(--stablecoin-qr-size, 216px);
  color: var(--sc-fg);
  display: flex; flex-direction: column; gap: var(--sc-gap);
  min-width: 0; max-width: 100%; box-sizing: border-box;
  overflow-wrap: anywhere;
}
.stablecoin-payment *, .stablecoin-order-payment * { box-sizing: border-box; }
.stablecoin-payment p, .stablecoin-order-payment p { margin: 0; }
.stablecoin-payment__status { padding: var(--sc-gap); border-radius: var(--sc-radius); background: var(--sc-info-bg); font-weight: 600; }
.stablecoin-payment[data-status="order_placed"] .stablecoin-payment__status,
.stablecoin-payment[data-status="paid"] .stablecoin-payment__status { background: var(--sc-ok-bg); }
.stablecoin-payment[data-status="underpaid"] .stablecoin-payment__status,
.stablecoin-payment[data-status="expired"] .stablecoin-payment__status,
.stablecoin-payment[data-status="overpaid"] .stablecoin-payment__status { background: var(--sc-warn-bg); }
.stablecoin-payment[data-status="failed"] .stablecoin-payment__status,
.stablecoin-payment[data-status="refused"] .stablecoin-payment__status,
.stablecoin-payment[data-status="held"] .stablecoin-payment__status,
.stablecoin-payment[data-status="wrong_token"] .stablecoin-payment__status,
.stablecoin-payment[data-status="unavailable"] .stablecoin-payment__status,
.stablecoin-payment__status:has(.stablecoin-payment__error) { background: var(--sc-error-bg); color: var(--sc-error-fg); }
.stablecoin-payment__summary { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: var(--sc-gap); margin: 0; }
.stablecoin-payment__summary > div { min-width: 0; }
.stablecoin-payment__summary dt, .stablecoin-payment__facts dt { font-size: 0.8rem; color: var(--sc-fg-subtle); }
.stablecoin-payment__summary dd, .stablecoin-payment__facts dd { margin: 0.125rem 0 0; display: flex; flex-wrap: wrap; align-items: center; gap: 0.375rem; }
.stablecoin-payment__token-amount, .stablecoin-payment__amount, .stablecoin-payment__receipt-amount { font-size: 1.125rem; font-weight: 700; }
.stablecoin-payment__icon { flex: none; }
.stablecoin-payment__countdown { display: flex; flex-direction: column; gap: 0.25rem; font-size: 0.9rem; }
.stablecoin-payment__time-left { font-variant-numeric: tabular-nums; font-weight: 700; }
.stablecoin-payment__note, .stablecoin-payment__only, .stablecoin-payment__hint, .stablecoin-payment__next { font-size: 0.875rem; color: var(--sc-fg-subtle); }
.stablecoin-payment__deposit { display: flex; flex-wrap: wrap; gap: var(--sc-gap); align-items: flex-start; }
.stablecoin-payment__qr, .stablecoin-payment__phone-qr { flex: none; width: var(--sc-qr); max-width: 100%; aspect-ratio: 1; background: #fff; border: 1px solid var(--sc-border); border-radius: var(--sc-radius); line-height: 0; }
.stablecoin-payment__qr svg, .stablecoin-payment__phone-qr svg { width: 100%; height: auto; display: block; }
.stablecoin-payment__facts { flex: 1 1 0; min-width: min(14rem, 100%); margin: 0; display: flex; flex-direction: column; gap: 0.25rem; }
.stablecoin-payment__facts dd + dt { margin-top: 0.5rem; }
.stablecoin-payment__address { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.9rem; word-break: break-all; background: var(--sc-bg-subtle); padding: 0.125rem 0.25rem; border-radius: 0.25rem; }
.stablecoin-payment__only { flex-basis: 100%; }
.stablecoin-payment__button, .stablecoin-payment__copy, .stablecoin-payment__secondary {
  font: inherit; cursor: pointer; border-radius: var(--sc-radius); min-height: 2.75rem; padding: 0.5rem 1rem;
  display: inline-flex; align-items: center; justify-content: center; gap: 0.5rem; text-decoration: none; max-width: 100%;
}
.stablecoin-payment__button { background: var(--sc-accent); color: var(--sc-on-accent); border: 0; font-weight: 600; }
.stablecoin-payment__button:disabled { opacity: 0.55; cursor: not-allowed; }
.stablecoin-payment__copy, .stablecoin-payment__secondary { background: var(--sc-bg); color: var(--sc-fg); border: 1px solid var(--sc-border); min-height: 2.25rem; padding: 0.25rem 0.75rem; font-size: 0.875rem; }
.stablecoin-payment :focus-visible { outline: 3px solid var(--sc-accent); outline-offset: 2px; }
.stablecoin-payment__open-wallet { flex-basis: 100%; }
@media (min-width: 641px) and (pointer: fine) { .stablecoin-payment__open-wallet { display: none; } }
@media (max-width: 640px) { .stablecoin-payment__phone { display: none; } }
.stablecoin-payment__phone summary { cursor: pointer; color: var(--sc-fg); font-weight: 600; min-height: 2rem; }
.stablecoin-payment__phone[open] { display: flex; flex-direction: column; gap: 0.5rem; }
.stablecoin-payment__choice { display: flex; flex-direction: column; gap: var(--sc-gap); }
.stablecoin-payment__choice fieldset { border: 0; padding: 0; margin: 0; display: flex; flex-direction: column; gap: 0.375rem; min-width: 0; }
.stablecoin-payment__choice legend { font-weight: 600; margin-bottom: 0.25rem; padding: 0; }
.stablecoin-payment__rail { display: flex; gap: 0.5rem; align-items: center; }
.stablecoin-payment__field { display: flex; flex-direction: column; gap: 0.25rem; }
.stablecoin-payment__choice select { font: inherit; min-height: 2.5rem; padding: 0.25rem 0.5rem; border: 1px solid var(--sc-border); border-radius: var(--sc-radius); background: var(--sc-bg); color: var(--sc-fg); max-width: 100%; }
.stablecoin-payment__fields { display: flex; flex-wrap: wrap; gap: var(--sc-gap); }
.stablecoin-payment__actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.stablecoin-payment__wallet { display: flex; flex-direction: column; gap: 0.5rem; }
.stablecoin-payment__wallet-buttons { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.stablecoin-payment__steps { margin: 0; padding-left: 1.25rem; list-style: decimal outside; color: var(--sc-fg-subtle); }
.stablecoin-payment__steps [aria-current="step"] { color: var(--sc-fg); font-weight: 700; }
.stablecoin-payment__tx { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; color: var(--sc-fg); }
.stablecoin-payment__tx-copy { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 0.375rem; }
.stablecoin-payment__transfers { grid-column: 1 / -1; }
.stablecoin-payment__transfers ol { flex: 1 1 100%; margin: 0; padding-left: 1.5rem; display: flex; flex-direction: column; gap: 0.25rem; }
.stablecoin-payment__transfers li { overflow-wrap: anywhere; }
.stablecoin-payment__transfer-amount { font-weight: 600; }
.stablecoin-payment__receipt { display: flex; flex-direction: column; gap: var(--sc-gap); padding: var(--sc-gap); border: 1px solid var(--sc-border); border-radius: var(--sc-radius); background: var(--sc-bg); }
.stablecoin-payment__receipt h3 { margin: 0; font-size: 1rem; }
.stablecoin-payment__receipt .stablecoin-payment__summary { grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); }
@media (max-width: 480px) { .stablecoin-payment__qr { margin: 0 auto; } }
.stablecoin-payment__refund-address { display: flex; flex-direction: column; gap: 0.5rem; padding: var(--sc-gap); border: 1px solid var(--sc-border); border-radius: var(--sc-radius); }
.stablecoin-payment__refund-address p { margin: 0; }
.stablecoin-payment__refund-address .stablecoin-payment__secondary { align-self: flex-start; }
.stablecoin-payment__input { font: 0.9rem ui-monospace, SFMono-Regular, Menlo, monospace; min-height: 2.5rem; padding: 0.25rem 0.5rem; border: 1px solid var(--sc-border); border-radius: var(--sc-radius); background: var(--sc-bg); color: var(--sc-fg); width: 100%; box-sizing: border-box; }
.stablecoin-payment__input[aria-invalid="true"] { border-color: var(--sc-error-fg); }
.stablecoin-payment__refunds { display: flex; flex-direction: column; gap: var(--sc-gap); padding: var(--sc-gap); border: 1px solid var(--sc-border); border-radius: var(--sc-radius); background: var(--sc-bg); }
.stablecoin-payment__refunds h3 { margin: 0; font-size: 1rem; }
.stablecoin-payment__refunds ul { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 0.5rem; }
.stablecoin-payment__refunds li { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0.25rem 1rem; }
.stablecoin-payment__refunds li[data-state="due"] .stablecoin-payment__refund-state { color: var(--sc-fg-subtle); }
.stablecoin-payment__kept { font-weight: 700; }
.stablecoin-order-payment__line { padding: var(--sc-gap); border-radius: var(--sc-radius); background: var(--sc-info-bg); font-weight: 600; }
.stablecoin-order-payment[data-status="paid"] .stablecoin-order-payment__line { background: var(--sc-ok-bg); }
.stablecoin-order-payment[data-status="underpaid"] .stablecoin-order-payment__line { background: var(--sc-warn-bg); }
.stablecoin-order-payment[data-status="attention"] .stablecoin-order-payment__line { background: var(--sc-error-bg); color: var(--sc-error-fg); }
`

/** The stylesheet, rendered once per component (the browser dedupes nothing, but the rules are idempotent). Pass `unstyled` to the components to leave it out. */
export function StablecoinStyles() {
  return <style data-stablecoin-styles="">{STABLECOIN_CSS}</style>
}
