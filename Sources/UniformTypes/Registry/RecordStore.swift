import Synchronization

/// The records of the base types (system and MIME database), by type
/// number, each made once. Shared by the table that answers from the
/// mapped database (``MappedTypeTable``) and the full table built later
/// (``BaseTypeTable``), so both hand out the same record for a type.
///
/// Numbers: `0..<system.count` are the system types in table order, then
/// the database's types, numbered by where their lines start in `types`
/// (``MappedTypeList``; the full table numbers them alike when it shares
/// the store, see ``DatabaseNumbering``). A mapped table makes its store
/// before it reads `types`, with a number for every four bytes of the
/// files (``MappedMIMEDatabase/typeCapacity``), so most numbers stay
/// unused.
final class RecordStore: Sendable {
    let slots: LazySlots<TypeRecord>
    /// Records are made one type at a time under this lock, parents first.
    let making = Mutex(())

    init(count: Int) {
        slots = LazySlots(count: count)
    }

    var count: Int { slots.count }
}
