import { chromium, type Browser } from 'playwright-core'

/** Debian's Chromium, started the way this closed network needs (no background traffic, no sandbox as root). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** `extraArgs` for a test's needs, e.g. the fake microphone (`--use-fake-device-for-media-stream`). */
export const launchChromium = (extraArgs: ReadonlyArray<string> = []): Promise<Browser> =>
  chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      ...extraArgs,
    ],
  })
