/// The former main-actor navigator, now a configuration of the one `Navigator`:
/// `Navigator(dispatch: .mainActor)`. CHANGELOG.md's migration section lists each replacement.
///
/// Unavailable rather than deprecated: as an alias, `MainActorNavigator()` would compile and
/// make an *inline* navigator (`Navigator`'s default), whose callbacks run on whatever thread
/// asks. The compiler names the replacement at each use instead.
@available(*, unavailable, message: "use Navigator, made with Navigator(dispatch: .mainActor) (CHANGELOG.md, Migrating (Swift))")
public typealias MainActorNavigator = Navigator
