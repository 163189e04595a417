import CCurl
import SharedLibraryLoading

/// libcurl's functions the HTTP transport calls, looked up once at the first request: the
/// executable does not link libcurl, so a session over standard input or a file never maps it
/// (nor its TLS, Kerberos, LDAP and SSH libraries). Each type is the C declaration in curl.h.
struct CurlLibrary: @unchecked Sendable {
    let easyInit: @convention(c) () -> UnsafeMutableRawPointer?
    let easyCleanup: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let easyPerform: @convention(c) (UnsafeMutableRawPointer?) -> CURLcode
    let easyStrerror: @convention(c) (CURLcode) -> UnsafePointer<CChar>?
    let slistAppend: @convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<curl_slist>?
    let slistFreeAll: @convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void
    /// Variadic in C: called through the shim's typed wrappers (ccurl_set_long, …).
    let easySetopt: UnsafeMutableRawPointer
    let easyGetinfo: UnsafeMutableRawPointer

    /// The library, or the one line saying it is missing; libcurl's global state is set up
    /// here, once, before any handle (curl_global_init is not thread-safe itself).
    static let loaded: Result<CurlLibrary, SharedLibrary.Missing> = Result { () throws(SharedLibrary.Missing) in
        let library = try SharedLibrary(
            "libcurl", files: ["libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so", "libcurl.4.dylib"], neededBy: "--remote and --elasticsearch")
        let curl = try CurlLibrary(library)
        let globalInit: @convention(c) (Int) -> CURLcode = try library.function("curl_global_init")
        _ = globalInit(ccurl_global_default)
        return curl
    }

    private init(_ library: SharedLibrary) throws(SharedLibrary.Missing) {
        easyInit = try library.function("curl_easy_init")
        easyCleanup = try library.function("curl_easy_cleanup")
        easyPerform = try library.function("curl_easy_perform")
        easyStrerror = try library.function("curl_easy_strerror")
        slistAppend = try library.function("curl_slist_append")
        slistFreeAll = try library.function("curl_slist_free_all")
        easySetopt = try library.address("curl_easy_setopt")
        easyGetinfo = try library.address("curl_easy_getinfo")
    }

    /// libcurl's own words for `code`.
    func describe(_ code: CURLcode) -> String {
        easyStrerror(code).map { String(cString: $0) } ?? "libcurl error \(code.rawValue)"
    }
}
