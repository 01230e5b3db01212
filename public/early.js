/* global localStorage, document, Worker, window, navigator */
// Before the first paint, as a file (the CSP allows no inline script); why each step: docs/architecture.md "Boot".
try {
  var l = localStorage.getItem('locale') === 'ar' ? 'ar' : 'en'
  document.documentElement.lang = l
  document.documentElement.dir = l === 'ar' ? 'rtl' : 'ltr'
  // ICU tables warm in a throwaway worker, for a visitor only.
  if (localStorage.getItem('accessToken') === null) new Worker('/icu-warmup.js')
} catch {
  // No storage or workers: English, and the app pays later.
}
// The offline shell's worker (src/boot/service-worker/), after the first screen; built client only.
if ('serviceWorker' in navigator)
  window.addEventListener('load', function () {
    if (document.querySelector('script[src^="/assets/"]')) navigator.serviceWorker.register('/sw.js').catch(function () {})
  })
