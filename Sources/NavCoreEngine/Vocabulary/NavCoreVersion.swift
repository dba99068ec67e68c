/// navcore's version; `include/navcore.h` repeats it in its `NAVCORE_VERSION_*` macros, and a
/// test checks that they agree.
public enum NavCoreVersion {
    /// Incompatible changes of the C interface or of the behaviour <doc:Semantics> describes.
    public static let major = 1
    /// Compatible additions.
    public static let minor = 1
    /// Fixes.
    public static let patch = 0
    /// `MAJOR.MINOR.PATCH`.
    public static let string: StaticString = "1.1.0"
    /// `MAJOR * 10000 + MINOR * 100 + PATCH`.
    public static var number: Int { major * 10000 + minor * 100 + patch }
}
