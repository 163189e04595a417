import Foundation
import InstantSearchCore

/// The first section alone: an index's name and settings, which are all the interface needs
/// to open (its facets, sorts, widgets) while the rest of a big file is still being read.
extension IndexFile {
    struct Meta {
        let name: String
        let settings: ResolvedIndexSettings
    }

    /// The signature, the section table (so a truncated file is refused here already) and the
    /// meta section, checked against its checksum: a few kilobytes, whatever the index's size.
    static func readMeta(path: String) throws -> Meta {
        let descriptor = open(path, O_RDONLY)
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            throw DataError(file: path, message: "cannot read the index file")
        }
        defer { close(descriptor) }
        var input = BinaryReader(descriptor: descriptor, path: path, size: Int(status.st_size))
        let table = try readHeader(&input, fileSize: Int(status.st_size))
        input.startSection(Section.meta.name, length: table[Section.meta.rawValue].length)
        let (name, settings) = try readMeta(&input)
        try input.endSection(expecting: table[Section.meta.rawValue].checksum)
        return Meta(name: name, settings: settings)
    }

    static func readMeta(_ input: inout BinaryReader) throws -> (name: String, settings: ResolvedIndexSettings) {
        let (name, settingsText) = try (input.readString(), input.readString())
        do {
            return (name, try IndexSettings.parse(text: settingsText, file: "settings").resolved(for: []))
        } catch {
            throw input.damaged("\(error)")
        }
    }
}
