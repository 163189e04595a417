import SharedLibraryLoading
import Testing

/// Opening a C library at first use: found, its functions called through typed pointers; or
/// missing, in one line naming the library and what needs it.
@Suite("SharedLibrary: C libraries opened at first use")
struct SharedLibraryTests {
    @Test func aFunctionIsCalledThroughItsTypedPointer() throws {
        let libc = try SharedLibrary("libc", files: ["libc.so.6"], neededBy: "this test")
        let strlen: @convention(c) (UnsafePointer<CChar>?) -> Int = try libc.function("strlen")
        #expect(strlen("instantsearch") == 13)
    }

    @Test func theFirstFileFoundIsOpened() throws {
        let libc = try SharedLibrary("libc", files: ["libinstantsearch-absent.so.9", "libc.so.6"], neededBy: "this test")
        let abs: @convention(c) (Int32) -> Int32 = try libc.function("abs")
        #expect(abs(-7) == 7)
    }

    @Test func aMissingLibraryIsOneLineNamingItAndWhatNeedsIt() {
        #expect {
            try SharedLibrary("libcurl", files: ["libinstantsearch-absent.so.9"], neededBy: "--remote and --elasticsearch")
        } throws: { error in
            (error as? SharedLibrary.Missing)?.description
                == "cannot load libcurl (needed by --remote and --elasticsearch): "
                + "libinstantsearch-absent.so.9: cannot open shared object file: No such file or directory"
        }
    }

    @Test func aMissingFunctionNamesTheLibraryAndTheFunction() throws {
        let libc = try SharedLibrary("libc", files: ["libc.so.6"], neededBy: "PostgreSQL")
        #expect {
            try libc.address("PQinstantsearchAbsent")
        } throws: { error in
            (error as? SharedLibrary.Missing)?.description == "the installed libc has no PQinstantsearchAbsent (needed by PostgreSQL)"
        }
    }
}
