/// <reference types="vite/client" />

/** The Medusa backend's URL, set by the admin's build for plugins (not import.meta.env). */
declare const __BACKEND_URL__: string
