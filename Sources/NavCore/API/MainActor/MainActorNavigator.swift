/// The former main-actor navigator, now a configuration of the one `Navigator`:
/// `Navigator(dispatch: .mainActor)`. CHANGELOG.md's migration section lists each replacement.
@available(*, deprecated, message: "use Navigator, made with Navigator(dispatch: .mainActor)")
public typealias MainActorNavigator = Navigator
