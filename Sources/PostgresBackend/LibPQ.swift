import CLibPQ
import SharedLibraryLoading

/// libpq's functions the backend calls, looked up once at the first use of PostgreSQL: the
/// executable does not link libpq, so a session that never names a PostgreSQL URL never maps it
/// (nor its TLS, Kerberos and LDAP libraries). Each type is the C declaration in libpq-fe.h.
struct LibPQ: @unchecked Sendable {
    typealias Text = UnsafePointer<CChar>?

    let connectdbParams: @convention(c) (UnsafePointer<Text>?, UnsafePointer<Text>?, Int32) -> OpaquePointer?
    let status: @convention(c) (OpaquePointer?) -> ConnStatusType
    let transactionStatus: @convention(c) (OpaquePointer?) -> PGTransactionStatusType
    let errorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let finish: @convention(c) (OpaquePointer?) -> Void
    let getCancel: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let freeCancel: @convention(c) (OpaquePointer?) -> Void
    let cancel: @convention(c) (OpaquePointer?, UnsafeMutablePointer<CChar>?, Int32) -> Int32
    let execParams:
        @convention(c) (
            OpaquePointer?, Text, Int32, UnsafePointer<Oid>?, UnsafePointer<Text>?, UnsafePointer<Int32>?,
            UnsafePointer<Int32>?, Int32
        ) -> OpaquePointer?
    let clear: @convention(c) (OpaquePointer?) -> Void
    let resultStatus: @convention(c) (OpaquePointer?) -> ExecStatusType
    let nfields: @convention(c) (OpaquePointer?) -> Int32
    let ntuples: @convention(c) (OpaquePointer?) -> Int32
    let getisnull: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    let getvalue: @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    let resultErrorField: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    let resultErrorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let conninfoParse: @convention(c) (Text, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> UnsafeMutablePointer<PQconninfoOption>?
    let conninfoFree: @convention(c) (UnsafeMutablePointer<PQconninfoOption>?) -> Void
    let freemem: @convention(c) (UnsafeMutableRawPointer?) -> Void

    static let loaded: Result<LibPQ, SharedLibrary.Missing> = Result { () throws(SharedLibrary.Missing) in
        try LibPQ(SharedLibrary("libpq", files: ["libpq.so.5", "libpq.so", "libpq.5.dylib"], neededBy: "PostgreSQL (--postgres, import-postgres)"))
    }

    /// The library, or a PostgreSQL error saying in one line that it is missing.
    static func get() throws -> LibPQ {
        do {
            return try loaded.get()
        } catch {
            throw PostgresBackendError(error.description)
        }
    }

    private init(_ library: SharedLibrary) throws(SharedLibrary.Missing) {
        connectdbParams = try library.function("PQconnectdbParams")
        status = try library.function("PQstatus")
        transactionStatus = try library.function("PQtransactionStatus")
        errorMessage = try library.function("PQerrorMessage")
        finish = try library.function("PQfinish")
        getCancel = try library.function("PQgetCancel")
        freeCancel = try library.function("PQfreeCancel")
        cancel = try library.function("PQcancel")
        execParams = try library.function("PQexecParams")
        clear = try library.function("PQclear")
        resultStatus = try library.function("PQresultStatus")
        nfields = try library.function("PQnfields")
        ntuples = try library.function("PQntuples")
        getisnull = try library.function("PQgetisnull")
        getvalue = try library.function("PQgetvalue")
        resultErrorField = try library.function("PQresultErrorField")
        resultErrorMessage = try library.function("PQresultErrorMessage")
        conninfoParse = try library.function("PQconninfoParse")
        conninfoFree = try library.function("PQconninfoFree")
        freemem = try library.function("PQfreemem")
    }
}

extension LibPQ {
    /// A message or value libpq returned; none (a null pointer) is empty.
    func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
