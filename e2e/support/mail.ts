import fs from 'node:fs';
import path from 'node:path';

import { expect } from '@playwright/test';

import { e2eDataDir } from './e2e-env.ts';

const logFile = path.resolve(process.env.E2E_DATA_DIR ?? e2eDataDir, 'server.log');

/** The 6-digit code of the newest mail to `to` whose subject contains `subject`, read from the server log. */
export async function mailedCode(to: string, subject: RegExp): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const lines = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n') : [];
        const line = lines
          .filter((l) => l.includes('Mail kept in the outbox') && l.includes(`to ${to},`) && subject.test(l))
          .at(-1);
        code = line?.match(/code is (\d{6})/)?.[1];
        return code;
      },
      { message: `a mail with a code to ${to}` },
    )
    .toMatch(/^\d{6}$/);
  return code as string;
}

let counter = 0;
export const newEmail = (prefix = 'e2e') => `${prefix}.${Date.now()}.${++counter}@example.com`;
