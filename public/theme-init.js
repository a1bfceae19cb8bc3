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
  var root = document.documentElement;
  root.dir = language === 'ar' || cookies.themeDirection === 'rtl' ? 'rtl' : 'ltr';
  if (cookies.themeMode === 'dark') {
    root.style.colorScheme = 'dark';
    root.style.backgroundColor = cookies.themeContrast === 'bold' ? '#0B0F14' : '#141A21';
    root.style.color = '#FFFFFF';
  }
})();
