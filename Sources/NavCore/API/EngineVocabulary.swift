/// The engine's vocabulary — `Outcome`, `OperationKind`, `ActionState`, the appearance phases
/// and reasons, `TransitionStyle`, `PopTrigger`, `RequestStatus`, `VetoAnswer`, `Recycle`,
/// `ShowOptions`, `RouteEntry`, `NavigationError`, `NavCoreVersion` — is declared in `NavCoreEngine`, which the
/// C front shares and which builds as Embedded Swift; it is part of this API, so `import NavCore`
/// brings it.
@_exported import NavCoreEngine
