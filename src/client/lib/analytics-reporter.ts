import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { BUILT_IN_SITE_KEY, PAGEVIEW_EVENT } from '#shared/contract/analytics-limits.ts';

import { API_BASE_URL, getAccessToken } from './api-client.ts';

/**
 * The public pages' own analytics (issue 30, ADR 056): a page view of the built-in site on each route change,
 * by the rules of the snippet: no cookie sent (`credentials: 'omit'`), nothing kept in the browser, nothing
 * sent when the browser asks not to be tracked. A signed-in person's token goes along, so the server can leave
 * out administrators when the site says so. Not in unit tests (no server to answer).
 */
function doNotTrack(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const win = window as Window & { doNotTrack?: string };
  return (
    nav.doNotTrack === '1' ||
    win.doNotTrack === '1' ||
    nav.msDoNotTrack === '1' ||
    nav.globalPrivacyControl === true
  );
}

let previous = '';
let lastPath = '';

export function reportPageView(): void {
  if (import.meta.env.MODE === 'test' || doNotTrack()) return;
  // Once per page (React's development mode runs effects twice).
  if (window.location.pathname === lastPath) return;
  lastPath = window.location.pathname;
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  const body = JSON.stringify({
    k: BUILT_IN_SITE_KEY,
    n: PAGEVIEW_EVENT,
    u: window.location.href,
    r: previous || document.referrer,
    w: window.innerWidth,
    l: navigator.language,
    z: timeZone,
  });
  previous = window.location.href;
  const token = getAccessToken();
  void fetch(`${API_BASE_URL}/analytics/collect`, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'omit',
    headers: { 'content-type': 'text/plain', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  }).catch(() => {});
}

/** Reports a page view whenever the path changes (a layout's hook). */
export function usePageViewReporter(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    reportPageView();
  }, [pathname]);
}
