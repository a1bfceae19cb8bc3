import { describe, expect, it } from 'vitest';

import { countryInTable, countryOf, ipv4Number, ipv6High, loadGeo, parseGeoCsv } from './analytics.geo.ts';
import { countryOfTimeZone } from './analytics.timezones.ts';
import { browserOf, deviceOf, isBotUserAgent, languageOf, osOf, pageFacts } from './analytics.ua.ts';

/** The pure parts of the ingest (ADR 056): user agents, sources, pages and countries. */

const UA = {
  chromeWin:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
};

describe('user agents', () => {
  it('names browser, OS and device', () => {
    expect([browserOf(UA.chromeWin), osOf(UA.chromeWin), deviceOf(UA.chromeWin, 1600)]).toEqual([
      'Chrome',
      'Windows',
      'desktop',
    ]);
    expect(browserOf(UA.edge)).toBe('Edge');
    expect([browserOf(UA.safariMac), osOf(UA.safariMac), deviceOf(UA.safariMac, 1280)]).toEqual([
      'Safari',
      'macOS',
      'laptop',
    ]);
    expect([browserOf(UA.firefoxLinux), osOf(UA.firefoxLinux)]).toEqual(['Firefox', 'Linux']);
    expect([browserOf(UA.iphone), osOf(UA.iphone), deviceOf(UA.iphone, 1200)]).toEqual([
      'Safari',
      'iOS',
      'mobile',
    ]);
    expect([browserOf(UA.ipad), osOf(UA.ipad), deviceOf(UA.ipad, 1024)]).toEqual(['Chrome', 'iOS', 'tablet']);
    expect([osOf(UA.androidPhone), deviceOf(UA.androidPhone, 412)]).toEqual(['Android', 'mobile']);
    expect(deviceOf(UA.androidTablet, 1280)).toBe('tablet');
    expect(browserOf(UA.samsung)).toBe('Samsung Internet');
    // A desktop browser in a narrow window counts by its width.
    expect([deviceOf(UA.chromeWin, 500), deviceOf(UA.chromeWin, 800)]).toEqual(['mobile', 'tablet']);
  });

  it('tells bots from people', () => {
    for (const ua of Object.values(UA)) expect(isBotUserAgent(ua), ua).toBe(false);
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 (compatible; Googlebot/2.1)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36',
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36 Lighthouse',
      'Twitterbot/1.0',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Go-http-client/1.1',
      'Wget/1.21',
      '',
    ])
      expect(isBotUserAgent(ua), ua).toBe(true);
  });

  it('keeps the primary language subtag', () => {
    expect([
      languageOf('fr-CA'),
      languageOf('EN'),
      languageOf('zh_Hans'),
      languageOf('x'),
      languageOf(undefined),
    ]).toEqual(['fr', 'en', 'zh', '', '']);
  });
});

describe('sources and pages', () => {
  const facts = (u: string, r: string, hosts: string[] = ['shop.example.com']) => pageFacts(u, r, hosts);

  it('keeps the path only, and UTM parameters in their fields', () => {
    expect(
      facts('https://shop.example.com/a/b/?q=secret&utm_source=nl&utm_medium=email&utm_campaign=may#x', ''),
    ).toEqual({
      page: '/a/b',
      host: 'shop.example.com',
      utmSource: 'nl',
      utmMedium: 'email',
      utmCampaign: 'may',
      source: 'email',
      referrer: '',
    });
    expect(facts('https://shop.example.com/', '').page).toBe('/');
    expect(facts('not a url', '').page).toBe('');
  });

  it('sorts referrers into search, social, email and other sites; the site itself is no source', () => {
    const source = (r: string) => facts('https://shop.example.com/', r).source;
    expect(source('')).toBe('direct');
    expect(source('https://www.google.fr/')).toBe('search');
    expect(source('https://duckduckgo.com/')).toBe('search');
    expect(source('https://t.co/abc')).toBe('social');
    expect(source('https://www.linkedin.com/feed')).toBe('social');
    expect(source('https://mail.google.com/mail/u/0')).toBe('email');
    expect(source('https://blog.example.org/post')).toBe('referral');
    expect(source('https://shop.example.com/other')).toBe('direct');
    expect(source('https://www.shop.example.com/other')).toBe('direct');
    expect(facts('https://shop.example.com/', 'https://blog.example.org/p?x=1').referrer).toBe(
      'blog.example.org',
    );
    expect(facts('https://shop.example.com/?utm_campaign=spring', 'https://www.google.com/').source).toBe(
      'campaign',
    );
    expect(facts('https://shop.example.com/?utm_medium=social', '').source).toBe('social');
  });
});

describe('countries', () => {
  it('reads addresses', () => {
    expect(ipv4Number('1.2.3.4')).toBe(0x01020304);
    expect(ipv4Number('255.255.255.255')).toBe(0xffffffff);
    expect(ipv4Number('256.1.1.1')).toBeNull();
    expect(ipv6High('2001:db8::1')).toBe(0x20010db800000000n);
    expect(ipv6High('::ffff:1.2.3.4')).toBe(0n);
    expect(ipv6High('2001:db8:1:2:3:4:5:6')).toBe(0x20010db800010002n);
    expect(ipv6High('1:2:3')).toBeNull();
  });

  it('finds a country in a CSV of either format, IPv4 and IPv6', async () => {
    const table = await parseGeoCsv([
      '1.0.0.0,1.0.0.255,AU\n5.0.0.0,5.255.255.255,FR\n2a01::,2a01:ffff:ffff:ffff:ffff:ffff:ffff:ffff,DE\n',
      '3221225472,3221225727,JP\n', // 192.0.0.0–192.0.0.255
    ]);
    expect(countryInTable(table, '5.6.7.8')).toBe('FR');
    expect(countryInTable(table, '::ffff:5.6.7.8')).toBe('FR');
    expect(countryInTable(table, '1.0.0.7')).toBe('AU');
    expect(countryInTable(table, '192.0.0.9')).toBe('JP');
    expect(countryInTable(table, '2a01:e0a::1')).toBe('DE');
    expect(countryInTable(table, '4.4.4.4')).toBeUndefined();
    expect(countryInTable(table, '2a02::1')).toBeUndefined();
    await expect(parseGeoCsv(['nothing,here\n'])).rejects.toThrow();
  });

  it('uses the bundled database, then the time zone, then ZZ', async () => {
    await loadGeo();
    expect(countryOf('8.8.8.8', undefined)).toBe('US');
    expect(countryOf('2001:4860:4860::8888', undefined)).toBe('US');
    expect(countryOf('10.1.2.3', 'Europe/Paris')).toBe('FR');
    expect(countryOf('10.1.2.3', 'Asia/Calcutta')).toBe('IN');
    expect(countryOf('127.0.0.1', 'Not/AZone')).toBe('ZZ');
    expect(countryOfTimeZone('America/Sao_Paulo')).toBe('BR');
  });
});
