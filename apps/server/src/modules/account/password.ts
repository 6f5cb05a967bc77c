import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id (an ambient const enum, so written as its value).
const OPTIONS = { algorithm: 2 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verifying against a real hash when the user does not exist keeps the answer time the same,
// so the timing does not tell which part of the login was wrong.
let dummy: Promise<string> | undefined;
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummy ??= hashPassword('not-a-real-password-0');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
