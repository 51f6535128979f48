import Foundation
import GRDB
import GRDBSQLite

extension TodoStore {
    /// The ids in the first column of `sql`'s rows, in order, read by
    /// stepping the statement here: each id is copied from its 16-byte blob
    /// (or parsed from text) with no database value made per row, so a
    /// list of 100,000 items opens without decoding 100,000 rows through
    /// GRDB's generic cursor. Rows whose id is neither are left out.
    static func fetchIDs(_ db: Database, sql: String, arguments: StatementArguments) throws -> [UUID] {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(arguments)
        let step = statement.sqliteStatement
        // Done or failed, the statement lets go of the rows it read.
        defer { sqlite3_reset(step) }
        var ids: [UUID] = []
        while true {
            switch sqlite3_step(step) {
            case SQLITE_ROW:
                if let id = UUID(sqliteStatement: step, index: 0) { ids.append(id) }
            case SQLITE_DONE:
                return ids
            case let code:
                throw DatabaseError(resultCode: ResultCode(rawValue: code),
                                    message: String(cString: sqlite3_errmsg(sqlite3_db_handle(step))), sql: sql)
            }
        }
    }
}
