import CSQLite

/// Just enough of SQLite's C API for the benchmark: statements, bindings, rows.
final class SQLiteDatabase {
    private(set) var handle: OpaquePointer?

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(path: String = ":memory:") throws {
        guard sqlite3_open(path, &handle) == SQLITE_OK else { throw Failure(description: "cannot open \(path)") }
    }

    deinit { sqlite3_close(handle) }

    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "?"
            sqlite3_free(message)
            throw Failure(description: "\(text) in: \(sql)")
        }
    }

    func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw Failure(description: String(cString: sqlite3_errmsg(handle)) + " in: \(sql)")
        }
        return Statement(statement)
    }
}

final class Statement {
    let handle: OpaquePointer?
    // SQLITE_TRANSIENT: SQLite copies the bound text, so Swift's buffer may go away.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(_ handle: OpaquePointer?) { self.handle = handle }
    deinit { sqlite3_finalize(handle) }

    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    func bind(_ index: Int32, _ text: String) { sqlite3_bind_text(handle, index, text, -1, Statement.transient) }
    func bind(_ index: Int32, _ value: Double) { sqlite3_bind_double(handle, index, value) }
    func bind(_ index: Int32, _ value: Int) { sqlite3_bind_int64(handle, index, Int64(value)) }
    func bindNull(_ index: Int32) { sqlite3_bind_null(handle, index) }

    /// Steps once; true while a row is available.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteDatabase.Failure(description: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))))
        }
    }

    func text(_ column: Int32) -> String {
        sqlite3_column_text(handle, column).map { String(cString: $0) } ?? ""
    }

    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
}
