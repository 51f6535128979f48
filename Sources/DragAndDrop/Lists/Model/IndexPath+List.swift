import Foundation

#if canImport(AppKit)
import AppKit
#elseif canImport(UIKit)
import UIKit
#else
// Foundation on Linux has IndexPath but not the section/item accessors that
// UIKit and AppKit add, so lists bring their own with the same spelling:
// code ported from iOS keeps compiling unchanged.
extension IndexPath {
    /// An index path naming an item in a section of a list.
    ///
    /// ```swift
    /// let third = IndexPath(item: 2, section: 0)
    /// ```
    public init(item: Int, section: Int) {
        // Appending keeps the two indexes inline; building from an array
        // literal would allocate on every call, and hit tests make many.
        self.init(index: section)
        append(item)
    }

    /// An index path naming a row in a section of a table-style list.
    public init(row: Int, section: Int) {
        self.init(item: row, section: section)
    }

    /// The section of a two-element list index path.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The item (position within its section) of a two-element list index path.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The same as ``item``, for table-style code.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
#endif
