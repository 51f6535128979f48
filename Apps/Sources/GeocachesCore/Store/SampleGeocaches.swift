import Foundation

/// What a new board and a new editor show, so a first run has something to
/// drag around.
public enum SampleGeocaches {
    /// The board's first-run geocaches: four in progress, two completed.
    public static var board: [StoredGeocache] {
        let inProgress = [
            Geocache(name: "Old Oak", summary: "In the hollow of the old oak.",
                     latitude: 52.0907, longitude: 5.1214, image: picture(tree)),
            Geocache(name: "Harbour Light", summary: "Magnetic box under the railing.",
                     latitude: 51.9225, longitude: 4.4792, image: picture(tower)),
            Geocache(name: "Mill Race", summary: "Behind the third stone from the sluice.",
                     latitude: 52.3731, longitude: 4.8922),
            Geocache(name: "Dune Top", summary: "Film canister in the marram grass.",
                     latitude: 52.6324, longitude: 4.6318, image: picture(sea)),
        ]
        let completed = [
            Geocache(name: "Station Clock", summary: "Nano behind the timetable.",
                     latitude: 52.0894, longitude: 5.1101),
            Geocache(name: "Canal Bridge", summary: "Under the north arch, left side.",
                     latitude: 52.3676, longitude: 4.9041),
        ]
        let positions = LanePosition.renumbered(count: inProgress.count)
        return zip(inProgress, positions).map { StoredGeocache(geocache: $0, lane: .inProgress, position: $1) }
            + zip(completed, positions).map { StoredGeocache(geocache: $0, lane: .completed, position: $1) }
    }

    /// The editor's first-run geocache.
    public static var editor: Geocache {
        Geocache(name: "Lighthouse Steps", summary: "Count the steps; the cache is under the last one.",
                 latitude: 53.4450, longitude: 5.6287, image: picture(tower))
    }

    private static func picture(_ base64: String) -> Data? { Data(base64Encoded: base64) }

    // 32 x 32 PNG pictures.
    private static let tree = "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAhUlEQVR42u3Nuw2AMAyE4RuHmpo1aBiCOjMxCWswBD1ISBYK4DhPB4F07f0f5mXNOnwPaEyXEdjrx94JUN3LqAaw6nIDwXWhUQHA1CWGNuCsOw3E13lDD/CqM4YSEFB/MpCwfmsUByLrV6MskKRuGchRPxulgOR1MjBOg3Cmb2ny1w/oAxvlN0ImPXRAXQAAAABJRU5ErkJggg=="
    private static let sea = "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAWElEQVR42mPYd/0DTRHDqAWjFoxaMGrBqAVQJBe1ChkRbzpQMQOpphNvB0QlAxmmE2MHXBkDHtV4TMdvB7IaBlyqCZpOpEYG4g0iD41aMGrBqAWjFgwGCwD1YngEGLhk2QAAAABJRU5ErkJggg=="
    private static let tower = "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAOElEQVR42mPYd/0DTRHDqAWjFtDHgtc4wKgFcDTNxgYrGrVgGFkwmg9Gc/KoBaM5edSC0ZxMqQUAHOOgSPBYqg0AAAAASUVORK5CYII="
}
