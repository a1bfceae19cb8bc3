import { describe, expect, it } from 'vitest';

import { i18n } from '../../../locales/i18n.ts';
import { auditChangeLines } from './audit-change-lines.ts';

const t = i18n.t.bind(i18n);

describe('auditChangeLines', () => {
  it('reads field → [old, new] with translated names and values, in a fixed order', () => {
    expect(
      auditChangeLines(
        { status: ['active', 'banned'], role: ['user', 'admin'], emailVerified: [true, false] },
        t,
      ),
    ).toEqual([
      { key: 'role', label: 'Role', from: 'User', to: 'Admin' },
      { key: 'status', label: 'Status', from: 'Active', to: 'Banned' },
      { key: 'emailVerified', label: 'Email verified', from: 'Yes', to: 'No' },
    ]);
  });

  it('shows a storage quota as a size; none is the default', () => {
    expect(auditChangeLines({ storageQuotaBytes: [null, 5 * 1024 ** 3] }, t)).toEqual([
      { key: 'storageQuotaBytes', label: 'Storage quota (GB)', from: '—', to: '5 GB' },
    ]);
  });

  it('leaves out a new user’s empty fields and shortens long texts', () => {
    const lines = auditChangeLines(
      {
        company: [null, ''],
        phone: [null, null],
        about: [null, 'word '.repeat(40)],
        firstName: [null, 'Ida'],
      },
      t,
    );
    expect(lines.map((line) => line.key)).toEqual(['firstName', 'about']);
    const about = lines[1];
    expect(about && 'to' in about && about.to.length).toBe(60);
    expect(about && 'to' in about && about.to.endsWith('…')).toBe(true);
  });

  it('describes pictures and social links instead of showing raw values', () => {
    expect(
      auditChangeLines(
        {
          avatarUrl: ['/api/uploads/a.webp', null],
          coverUrl: ['/api/uploads/b.webp', '/api/uploads/c.webp'],
          socialLinks: [
            { facebook: '', twitter: 'https://x.com/old' },
            { facebook: '', twitter: 'https://x.com/new' },
          ],
        },
        t,
      ),
    ).toEqual([
      {
        key: 'socialLinks.twitter',
        label: 'X (Twitter) link',
        from: 'https://x.com/old',
        to: 'https://x.com/new',
      },
      { key: 'avatarUrl', label: 'Avatar', text: 'picture removed' },
      { key: 'coverUrl', label: 'Cover', text: 'picture replaced' },
    ]);
  });

  it('never throws on shapes it does not know', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    for (const changes of [null, undefined, 'text', 42, [], [['status', 'x']]]) {
      expect(auditChangeLines(changes, t)).toEqual([]);
    }
    expect(
      auditChangeLines(
        { odd: [1, 2, 3], nested: [{ a: 1 }, { a: 2 }], loop: [null, circular], socialLinks: ['x', 'y'] },
        t,
      ),
    ).toEqual([
      { key: 'socialLinks', label: 'Social links', from: 'x', to: 'y' },
      { key: 'odd', label: 'odd', from: '—', to: '[1,2,3]' },
      { key: 'nested', label: 'nested', from: '{"a":1}', to: '{"a":2}' },
      { key: 'loop', label: 'loop', from: '—', to: '[object Object]' },
    ]);
  });
});
