// Runs before the app's code loads (a small blocking same-origin script, allowed by the CSP), so the very
// first paint already uses the stored mode and direction instead of flashing a light, left-to-right page.
// The app applies the same settings again from src/client/theme/document-settings.ts once it starts.
(function () {
  var cookies = {};
  document.cookie.split('; ').forEach(function (pair) {
    var i = pair.indexOf('=');
    if (i > 0) cookies[pair.slice(0, i)] = decodeURIComponent(pair.slice(i + 1));
  });
  var language = null;
  try {
    language = window.localStorage.getItem('i18nextLng');
  } catch {
    // storage unavailable: keep the defaults
  }
  // The language's cookie mirrors the stored choice (the server renders the sign-in and public pages in it).
  if (language && cookies.i18nextLng !== language && /^[a-z]{2}$/.test(language)) {
    document.cookie = 'i18nextLng=' + language + '; path=/; max-age=31536000; SameSite=Lax';
  }
  var root = document.documentElement;
  root.dir = language === 'ar' || cookies.themeDirection === 'rtl' ? 'rtl' : 'ltr';
  if (cookies.themeMode === 'dark') {
    root.style.colorScheme = 'dark';
    root.style.backgroundColor = cookies.themeContrast === 'bold' ? '#0B0F14' : '#141A21';
    root.style.color = '#FFFFFF';
  }
})();

// The first Intl formatter a page builds sets up the browser's ICU data: ~20 ms, ~80 ms on a slow phone, and
// it would happen inside the page's first render (counts, dates, money). Done here, in a task of its own,
// it runs while the app's code is still downloading (issue #8: blocking time on the list pages).
setTimeout(function () {
  try {
    new Intl.NumberFormat().format(1);
    new Intl.DateTimeFormat().format(0);
  } catch {
    // no Intl: lib/format.ts fails the same way later
  }
}, 0);
