import { describe, expect, it } from 'vitest';

import type { EventWithPeople } from './calendar.repo.ts';
import { toIcs } from './ics.ts';

const at = new Date('2026-06-01T09:00:00Z');

function eventWith(title: string, description: string, ownerName = 'Ada Lovelace'): EventWithPeople {
  return {
    event: {
      id: '00000000-0000-4000-8000-000000000001',
      ownerId: '00000000-0000-4000-8000-000000000002',
      title,
      description,
      color: '#00A76F',
      allDay: false,
      start: at,
      end: new Date('2026-06-01T10:00:00Z'),
      version: 1,
      createdAt: at,
      updatedAt: at,
    },
    owner: { id: '00000000-0000-4000-8000-000000000002', name: ownerName, avatarUrl: null },
    attendees: [],
  };
}

/** The document's content lines, folded lines joined back (RFC 5545 §3.1). */
const contentLines = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe('toIcs', () => {
  it('escapes a lone CR, so text cannot start a property of its own', () => {
    const ics = toIcs(
      [eventWith('Standup\rATTENDEE:mailto:eve@evil.example', 'One\rTwo\r\nThree\nFour', 'Eve\rX-EVIL:1')],
      'Team\rX-WR-CALDESC:hijacked',
    );
    // The only CRs are those of the CRLF line ends.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\r/);
    const lines = contentLines(ics);
    expect(lines).toContain('SUMMARY:Standup\\nATTENDEE:mailto:eve@evil.example');
    expect(lines).toContain('DESCRIPTION:One\\nTwo\\nThree\\nFour');
    expect(lines).toContain('X-WR-CALNAME:Team\\nX-WR-CALDESC:hijacked');
    expect(lines.filter((line) => /^(ATTENDEE|X-EVIL|X-WR-CALDESC)/.test(line))).toEqual([]);
  });

  it('drops other control characters and keeps tabs', () => {
    const lines = contentLines(toIcs([eventWith('A\u0000B\u0007C\u001bD\u007fE', 'tab\there')], 'Team'));
    expect(lines).toContain('SUMMARY:ABCDE');
    expect(lines).toContain('DESCRIPTION:tab\there');
  });
});
