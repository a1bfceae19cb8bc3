import { describe, expect, it } from 'vitest';

import { buildCsv, csvCell } from './csv.ts';

describe('csvCell', () => {
  it('leaves plain text, numbers and empty values as they are', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes cells with commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('Lovelace, Ada')).toBe('"Lovelace, Ada"');
    expect(csvCell('The "Countess"')).toBe('"The ""Countess"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
  });

  it('quotes cells with leading or trailing spaces so they survive', () => {
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tcmd', "'\tcmd"],
  ])('neutralises the formula-leading %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('does not touch those characters later in the text', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('ada@example.com')).toBe('ada@example.com');
  });
});

describe('buildCsv', () => {
  it('writes a header and rows separated by CRLF', () => {
    const csv = buildCsv(
      ['Name', 'Company'],
      [
        ['Ada', 'Analytical, Ltd'],
        ['=cmd', 'line\nbreak'],
      ],
    );
    expect(csv).toBe('Name,Company\r\nAda,"Analytical, Ltd"\r\n\'=cmd,"line\nbreak"\r\n');
  });
});
