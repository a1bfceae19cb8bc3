import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The demo admin's password: random per install, never published (ADR 012). Kept in DATA_DIR/demo-password
 * (mode 0600) and printed in the start banner, the way Jenkins hands out its first admin password.
 */
export const DEMO_PASSWORD_FILE = 'demo-password';

/** 20 characters from a 32-letter alphabet without look-alikes (100 bits), grouped for reading aloud. */
export function createDemoPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(20);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join('')).join('-');
}

export function writeDemoPassword(dataDir: string, password: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DEMO_PASSWORD_FILE);
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
}

/** The password written at seeding, or undefined when this DATA_DIR has none (e.g. seeded elsewhere). */
export function readDemoPassword(dataDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, DEMO_PASSWORD_FILE), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
