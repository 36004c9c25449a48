// The types outside text, fetch failures and the request policy are made of live in CambioWire,
// which the fetch helper links without the rest (and without ICU); every user of the core
// sees them as its own.
@_exported import CambioWire
