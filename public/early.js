/* global localStorage, document, Worker */
// Runs before the first paint (a classic, blocking script in index.html's head; a file rather than
// inline script, so the Content-Security-Policy needs no 'unsafe-inline').
// Set the direction first, so an Arabic reader never sees the page flip.
try {
  var l = localStorage.getItem('locale') === 'ar' ? 'ar' : 'en'
  document.documentElement.lang = l
  document.documentElement.dir = l === 'ar' ? 'rtl' : 'ltr'
} catch {
  // No storage (private mode, blocked): the page stays English until the app decides.
}
// A cold page spends 30-50 ms of main thread on its first number or date format while the
// browser loads its Intl (ICU) tables, shared by the page's process; a throwaway worker loads
// them while the scripts download (a served file: `worker-src 'self'`). For a visitor only: with
// a stored session the page's reads and scripts keep both cores busy, and it cost more than it saved.
try {
  if (localStorage.getItem('accessToken') === null) new Worker('/icu-warmup.js')
} catch {
  // Workers refused: the app simply pays the cost later.
}
