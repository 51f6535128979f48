import Foundation
import UniformTypes

/// Raw bytes: written as `public.data`, read from any representation.
extension Data: ItemProviderWriting, ItemProviderReading {
    public static var writableContentTypes: [UTType] { [.data] }

    public static var readableContentTypes: [UTType] { [.data] }

    public func loadData(for contentType: UTType) async throws -> Data {
        self
    }

    public static func object(fromItemProviderData data: Data, contentType: UTType) throws -> Data {
        data
    }
}
