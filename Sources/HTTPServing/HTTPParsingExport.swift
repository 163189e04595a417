// The front parses requests with HTTPParsing, and its users see the requests as that target
// shapes them (heads, limits, failures): re-exported.
@_exported import HTTPParsing
