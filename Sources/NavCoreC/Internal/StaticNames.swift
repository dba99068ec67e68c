@_spi(Fronts) import NavCoreEngine

/// The C strings of the `navcore_*_string()` functions: made once from the Swift enums'
/// spellings (so each name is written in one place) and never freed.
struct StaticNames: @unchecked Sendable {
    private let names: [Int32: UnsafePointer<CChar>]

    private init(_ pairs: [(Int32, String)]) {
        var names: [Int32: UnsafePointer<CChar>] = [:]
        for (value, name) in pairs {
            if let copy = CText.copy(name) { names[value] = UnsafePointer(copy) }
        }
        self.names = names
    }

    private init<Name: CaseIterable & RawRepresentable & CustomStringConvertible>(_: Name.Type)
    where Name.RawValue == Int32 {
        self.init(Name.allCases.map { ($0.rawValue, $0.description) })
    }

    /// The name of `value`, or "unknown".
    subscript(_ value: Int32) -> UnsafePointer<CChar> { names[value] ?? Self.unknown }

    static let statuses = StaticNames(
        RequestStatus.allCases.map { ($0.rawValue, $0.description) }
            + NavigationError.Code.allCases.map { ($0.rawValue, $0.description) })
    static let outcomes = StaticNames(Outcome.self)
    static let operations = StaticNames(OperationKind.self)
    static let actions = StaticNames(ActionState.self)
    static let reasons = StaticNames(AppearanceReason.self)

    /// "unknown", for values without a name.
    static var unknown: UnsafePointer<CChar> { cString("unknown") }
    /// "", for no message.
    static var empty: UnsafePointer<CChar> { cString("") }

    /// A string literal's static storage, NUL-terminated.
    static func cString(_ text: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
