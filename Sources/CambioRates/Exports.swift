// The wire types (fetch failures, the request policy, the transport) are part of the rates
// layer's own vocabulary.
@_exported import CambioWire
