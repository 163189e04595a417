/// The version of instantsearch, said once: `instantsearch --version` prints it and the HTTP
/// backends send it as their User-Agent.
public enum InstantSearchVersion {
    public static let current = "0.1.0"
}
