import Foundation

/// One line on standard error, always ending in a newline.
func note(_ message: String) {
    FileHandle.standardError.write(Data("instantsearch: \(message)\n".utf8))
}
