import ContactsCore
import Foundation
import GRDB
import Testing

/// What a person is told when the contacts file cannot be written: words
/// from SQLite's result code, never SQL, SQLite's numbers or type names.
@Suite struct StoreFailureReasonTests {
    static let technical = ["SQL", "INSERT", "error 8", "DatabaseError", "GRDB", "readonly database"]

    @Test(arguments: [
        (ResultCode.SQLITE_READONLY, "read-only"), (.SQLITE_FULL, "disk is full"), (.SQLITE_BUSY, "another program"),
        (.SQLITE_CORRUPT, "damaged"), (.SQLITE_IOERR, "could not be written"), (.SQLITE_ERROR, "nothing was changed"),
    ])
    func eachFailureIsSaidInWords(code: ResultCode, words: String) {
        let error = DatabaseError(resultCode: code, message: "attempt to write a readonly database",
                                  sql: "INSERT INTO contact (position, vcard) VALUES (?, ?)")
        let said = StoreFailureReason.words(for: error)
        #expect(said.contains(words), "\(said)")
        for text in Self.technical { #expect(!said.contains(text), "\(said)") }
    }

    @Test func aContactsProblemKeepsItsOwnWords() {
        let problem = ContactsProblem(.invalidField, "The birthday 1815-13-40 is no date.")
        #expect(StoreFailureReason.words(for: problem) == problem.message)
    }
}
