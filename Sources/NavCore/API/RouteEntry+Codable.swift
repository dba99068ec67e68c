/// `RouteEntry` as `Codable` (`{"route": …, "state": …}`, no `state` key for none), for Swift
/// programs that keep deep links or entries as JSON. Written out here, in the Swift API, rather
/// than synthesized beside the type: the engine's vocabulary builds without Codable (Embedded
/// Swift has none), and a conformance is synthesized only in the type's own file.
extension RouteEntry: Codable {
    private enum CodingKeys: String, CodingKey {
        case route, state
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(route: try container.decode(String.self, forKey: .route),
                  state: try container.decodeIfPresent(String.self, forKey: .state))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(route, forKey: .route)
        try container.encodeIfPresent(state, forKey: .state)
    }
}
