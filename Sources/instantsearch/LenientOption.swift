import ArgumentParser
import InstantSearchCore
import SearchEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `--lenient`: bad records are skipped and counted on standard error instead of stopping
/// the load at the first, for a user who wants the rest of a messy file.
struct LenientOption: ParsableArguments {
    @Flag(
        help: """
            Skip records that cannot be read (a wrong number of CSV fields, a number out of range, \
            invalid UTF-8, a repeated objectID, a JSON value that is not an object) and count them on \
            standard error, instead of stopping at the first.
            """)
    var lenient = false

    var loadOptions: LoadOptions {
        LoadOptions(lenient: lenient) { report in
            StandardError.write("instantsearch: \(report)\n")
        }
    }
}
