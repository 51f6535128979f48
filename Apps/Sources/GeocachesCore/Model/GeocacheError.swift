import Foundation

/// Why a geocache was refused: dropped data that is not a geocache, an edit
/// with coordinates off the globe, an image that is not a PNG, a store that
/// could not be written. Match on ``code``; show ``description`` to people.
///
/// ```swift
/// do {
///     try editor.apply(GeocacheEdit(name: "Mill", summary: "", latitude: "91", longitude: "4"))
/// } catch let error as GeocacheError where error.code == .invalidLatitude {
///     latitudeField.showError(error.description)
/// }
/// ```
public struct GeocacheError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of refusal it is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        public var description: String { name }

        /// Dropped or pasted bytes are not a geocache.
        public static let invalidData = Code(name: "invalidData")
        /// A geocache needs a name.
        public static let emptyName = Code(name: "emptyName")
        /// Latitude is not a number from -90 to 90.
        public static let invalidLatitude = Code(name: "invalidLatitude")
        /// Longitude is not a number from -180 to 180.
        public static let invalidLongitude = Code(name: "invalidLongitude")
        /// The image is not a PNG.
        public static let invalidImage = Code(name: "invalidImage")
        /// A drop carried more than one item where one geocache was expected.
        public static let tooManyItems = Code(name: "tooManyItems")
        /// The geocache store could not be opened, read or written.
        public static let storeFailed = Code(name: "storeFailed")
        /// The dropped data did not arrive (the other app failed or quit).
        public static let loadFailed = Code(name: "loadFailed")
    }

    public let code: Code
    public let description: String

    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
