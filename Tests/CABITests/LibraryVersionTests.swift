import CNavCore
import Testing

/// The header's version macros and the library's runtime version agree.
@Suite struct LibraryVersionTests {
    @Test func runtimeVersionMatchesHeaderMacros() {
        #expect(navcore_version_number() == NAVCORE_VERSION_NUMBER)
        #expect(String(cString: navcore_version()) == NAVCORE_VERSION_STRING)
        #expect(NAVCORE_VERSION_NUMBER == NAVCORE_VERSION_MAJOR * 10000 + NAVCORE_VERSION_MINOR * 100 + NAVCORE_VERSION_PATCH)
    }
}
