import { hash, verify } from '@node-rs/argon2'

/** argon2id at OWASP's floor (19 MiB, 2 passes); the native binding runs off the event loop. */
const options = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string): Promise<string> => hash(password, options)

// Verifying against this keeps an unknown email as slow as a wrong password.
let dummyHash: Promise<string> | null = null

export const verifyPassword = async (storedHash: string | null, password: string): Promise<boolean> => {
  if (storedHash === null) {
    dummyHash ??= hashPassword('fasl-timing-equalizer')
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  return verify(storedHash, password).catch(() => false)
}
