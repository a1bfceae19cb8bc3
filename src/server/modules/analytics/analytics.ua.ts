/**
 * What an event says about its visitor without naming them (issue 30 A, ADR 056): device type, browser and
 * OS from the user agent (and the window's width), whether it is a bot, where the visit came from, and the
 * page as a path. A few regular expressions rather than a parser package: the figures name families (Chrome,
 * iOS), not versions, and the families are few.
 */
import {
  PATH_MAX,
  REFERRER_MAX,
  UTM_MAX,
  type AnalyticsDevice,
  type AnalyticsSource,
} from '#shared/contract/analytics-limits.ts';

/**
 * Crawlers, link previews, monitors, HTTP libraries and headless or automated browsers. Broad on purpose: a
 * person's browser names none of these words.
 */
const BOT_UA =
  /bot\b|bot[/_;-]|crawl|spider|slurp|scrap|archiv|headless|phantomjs|puppeteer|playwright|selenium|webdriver|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|statuscake|curl\/|wget|python|java\/|go-http|axios|node-fetch|undici|okhttp|httpclient|http_request|libwww|guzzle|facebookexternalhit|facebookcatalog|embedly|preview|whatsapp|telegram|discord|slack|skype|vkshare|feed|rss|validator|mediapartners|adsbot|googleother|google-inspectiontool|gptbot|chatgpt|claude|anthropic|perplexity|bytespider|amazonbot|petalbot|yandex(?!browser)|baidu|semrush|ahrefs|mj12|dotbot|seznam|applebot|duckduckgo-favicons|qwantify|ia_archiver|cloudflare|datadog|newrelic|zgrab|masscan|nmap|nikto/i;

/** Whether the user agent is a bot's (or missing: every browser sends one). */
export function isBotUserAgent(userAgent: string): boolean {
  const ua = userAgent.trim();
  if (ua.length < 12 || !/^mozilla\/|^opera\//i.test(ua)) return true;
  return BOT_UA.test(ua);
}

/** The browser family: the order matters (Edge and Opera also say Chrome, Chrome also says Safari). */
export function browserOf(ua: string): string {
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/\bOPR\/|\bOpera\b/.test(ua)) return 'Opera';
  if (/SamsungBrowser\//.test(ua)) return 'Samsung Internet';
  if (/YaBrowser\//.test(ua)) return 'Yandex Browser';
  if (/\bVivaldi\//.test(ua)) return 'Vivaldi';
  if (/\bFirefox\/|\bFxiOS\//.test(ua)) return 'Firefox';
  if (/\bChrome\/|\bCriOS\/|\bChromium\//.test(ua)) return 'Chrome';
  if (/\bVersion\/[\d.]+.*Safari\//.test(ua) || /\b(iPhone|iPad|iPod)\b/.test(ua)) return 'Safari';
  return '';
}

export function osOf(ua: string): string {
  if (/\b(iPhone|iPad|iPod)\b/.test(ua)) return 'iOS';
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if (/\bCrOS\b/.test(ua)) return 'Chrome OS';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macOS';
  if (/\bLinux\b|\bX11\b/.test(ua)) return 'Linux';
  return '';
}

/** Device type: the user agent's mobile and tablet markers first, then the window's width. */
export function deviceOf(ua: string, width: number | undefined): AnalyticsDevice {
  if (/\biPad\b|\bTablet\b|\bAndroid\b(?!.*\bMobile\b)|\bKindle\b|\bSilk\//.test(ua)) return 'tablet';
  if (/\bMobi|\biPhone\b|\biPod\b|\bAndroid\b.*\bMobile\b|\bIEMobile\b|\bOpera Mini\b/.test(ua))
    return 'mobile';
  if (width === undefined || width === 0) return 'desktop';
  if (width < 576) return 'mobile';
  if (width < 992) return 'tablet';
  if (width < 1440) return 'laptop';
  return 'desktop';
}

/** `navigator.language` → its primary subtag (`fr-CA` → `fr`), '' when it is not one. */
export function languageOf(language: string | undefined): string {
  const primary = (language ?? '').split(/[-_]/)[0]!.toLowerCase();
  return /^[a-z]{2,3}$/.test(primary) ? primary : '';
}

const SEARCH_HOSTS =
  /(^|\.)(google\.[a-z.]+|bing\.com|duckduckgo\.com|yahoo\.[a-z.]+|yandex\.[a-z.]+|baidu\.com|ecosia\.org|qwant\.com|startpage\.com|search\.brave\.com|naver\.com|seznam\.cz|ask\.com|aol\.com|so\.com|sogou\.com|kagi\.com|perplexity\.ai|you\.com)$/;
const SOCIAL_HOSTS =
  /(^|\.)(facebook\.com|fb\.com|fb\.me|instagram\.com|twitter\.com|x\.com|t\.co|linkedin\.com|lnkd\.in|reddit\.com|youtube\.com|youtu\.be|pinterest\.[a-z.]+|tiktok\.com|threads\.net|bsky\.app|mastodon\.social|news\.ycombinator\.com|vk\.com|weibo\.com|t\.me|whatsapp\.com|snapchat\.com|tumblr\.com|quora\.com|discord\.com|medium\.com)$/;
const EMAIL_HOSTS =
  /(^|\.)(mail\.google\.com|outlook\.live\.com|outlook\.office\.com|outlook\.office365\.com|mail\.yahoo\.com|mail\.proton\.me|mail\.aol\.com|webmail\.[a-z0-9.-]+|mail\.[a-z0-9.-]+)$/;

/** A host without `www.` (and lower case), for comparing a referrer with the page. */
const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

export interface PageFacts {
  /** The page's path, no query and no fragment ('' when the address is not one). */
  page: string;
  /** The page's host (to tell the site's own pages in the referrer). */
  host: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  source: AnalyticsSource;
  /** The referrer's host, '' when none or the site itself. */
  referrer: string;
}

const clip = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);

const parseUrl = (text: string): URL | null => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
};

/**
 * The page, UTM parameters, referrer host and source of an event. `siteHosts`: the site's own hosts (its
 * domains, or the instance's host for the built-in site): a referrer there is an internal move, not a source.
 */
export function pageFacts(address: string, referrerText: string, siteHosts: readonly string[]): PageFacts {
  const url = parseUrl(address);
  const host = url ? bareHost(url.hostname) : '';
  const param = (name: string) => clip(url?.searchParams.get(name)?.trim() ?? '', UTM_MAX);
  const utmSource = param('utm_source') || param('ref');
  const utmMedium = param('utm_medium');
  const utmCampaign = param('utm_campaign');
  let path = url ? url.pathname : '';
  if (path.length > 1) path = path.replace(/\/+$/, '');
  const page = clip(path, PATH_MAX);

  const ref = parseUrl(referrerText);
  let referrer = ref ? bareHost(ref.hostname) : '';
  const own = new Set([host, ...siteHosts.map(bareHost)].filter(Boolean));
  if (own.has(referrer)) referrer = '';
  referrer = clip(referrer, REFERRER_MAX);

  const medium = utmMedium.toLowerCase();
  let source: AnalyticsSource;
  if (/^e-?mail|newsletter/.test(medium)) source = 'email';
  else if (/social/.test(medium)) source = 'social';
  else if (utmSource || utmMedium || utmCampaign) source = 'campaign';
  else if (!referrer) source = 'direct';
  else if (EMAIL_HOSTS.test(referrer)) source = 'email';
  else if (SEARCH_HOSTS.test(referrer)) source = 'search';
  else if (SOCIAL_HOSTS.test(referrer)) source = 'social';
  else source = 'referral';
  return { page, host, utmSource, utmMedium, utmCampaign, source, referrer };
}
