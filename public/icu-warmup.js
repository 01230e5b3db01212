/* global close */
// Loads the browser's Intl (ICU) tables for the page process, then ends (started by early.js).
Intl.NumberFormat.supportedLocalesOf('en')
Intl.DateTimeFormat.supportedLocalesOf('en')
close()
