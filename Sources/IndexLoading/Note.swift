import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// One line on standard error, always ending in a newline.
func note(_ message: String) {
    StandardError.write("instantsearch: \(message)\n")
}
