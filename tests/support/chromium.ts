import { chromium, type Browser } from 'playwright-core'

/** Debian's Chromium, started the way this closed network needs (no background traffic, no sandbox as root). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  })
