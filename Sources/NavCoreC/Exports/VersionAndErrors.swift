import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Version; Statuses, errors and names.

/// "MAJOR.MINOR.PATCH".
@c public func navcore_version() -> UnsafePointer<CChar> {
    StaticNames.cString(NavCoreVersion.string)
}

/// MAJOR * 10000 + MINOR * 100 + PATCH.
@c public func navcore_version_number() -> Int32 {
    Int32(truncatingIfNeeded: NavCoreVersion.number)
}

/// The name of a status.
@c public func navcore_status_string(_ status: Int32) -> UnsafePointer<CChar> {
    StaticNames.statuses[status]
}

/// This thread's last error message.
@c public func navcore_last_error_message() -> UnsafePointer<CChar> {
    LastError.message
}

/// The name of an outcome.
@c public func navcore_outcome_string(_ outcome: Int32) -> UnsafePointer<CChar> {
    StaticNames.outcomes[outcome]
}

/// The name of an op.
@c public func navcore_op_string(_ op: Int32) -> UnsafePointer<CChar> {
    StaticNames.operations[op]
}

/// The name of an action state.
@c public func navcore_action_string(_ action: Int32) -> UnsafePointer<CChar> {
    StaticNames.actions[action]
}

/// The name of an appearance reason.
@c public func navcore_reason_string(_ reason: Int32) -> UnsafePointer<CChar> {
    StaticNames.reasons[reason]
}
