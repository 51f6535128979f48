import Synchronization

/// The records of the base types by type number, each made once, shared by
/// ``MappedTypeTable`` and ``BaseTypeTable`` so both hand out one record a
/// type. Numbers: system types first, then the database's
/// (``DatabaseNumbering``); a mapped table's store has a number for every
/// four bytes of `types`, so most stay unused.
final class RecordStore: Sendable {
    let slots: LazySlots<TypeRecord>
    /// Records are made one type at a time under this lock, parents first.
    let making = Mutex(())

    init(count: Int) {
        slots = LazySlots(count: count)
    }

    var count: Int { slots.count }
}
