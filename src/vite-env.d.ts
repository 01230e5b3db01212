/// <reference types="vite/client" />

/** The built client's version (package.json), set by vite.config.ts `define`. */
declare const __APP_VERSION__: string
