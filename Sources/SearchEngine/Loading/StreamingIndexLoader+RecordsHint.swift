extension StreamingIndexLoader {
    /// "looks like TSV: --format tsv reads it as records", for a sniffed format that is not lines.
    static func recordsHint(_ sniffed: DataFormat) -> String? {
        let (name, option): (String, String)
        switch sniffed {
        case .lines: return nil
        case .jsonArray, .json: (name, option) = ("a JSON array", "json")
        case .ndjson: (name, option) = ("NDJSON", "ndjson")
        case .csv: (name, option) = ("CSV", "csv")
        case .tsv: (name, option) = ("TSV", "tsv")
        }
        return "looks like \(name): --format \(option) reads it as records"
    }
}
