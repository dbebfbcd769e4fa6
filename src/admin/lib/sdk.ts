import Medusa from "@medusajs/js-sdk"

/** The admin's own session (cookie) authenticates every request; the backend URL comes from the admin build. */
export const sdk = new Medusa({
  baseUrl: __BACKEND_URL__ || "/",
  debug: false,
  auth: { type: "session" },
})
