/* global localStorage, document, Worker */
// Before the first paint (a blocking file, not inline script: the CSP allows none). The direction
// first, so an Arabic reader never sees the page flip.
try {
  var l = localStorage.getItem('locale') === 'ar' ? 'ar' : 'en'
  document.documentElement.lang = l
  document.documentElement.dir = l === 'ar' ? 'rtl' : 'ltr'
} catch {
  // No storage: English until the app decides.
}
// The first number or date format costs 30-50 ms of main thread while Intl's (ICU) tables load,
// shared by the page's process: a throwaway worker loads them while the scripts download. For a
// visitor only: with a stored session the page's reads and scripts keep both cores busy, and it
// cost more than it saved (README, the correction list's cold load).
try {
  if (localStorage.getItem('accessToken') === null) new Worker('/icu-warmup.js')
} catch {
  // Workers refused: the app pays the cost later.
}
