import NavCore
import ScenarioKit
import Testing

/// SPEC §11's progress lines: two decimals, rounded from the exact value of the double, ties
/// away from zero. The same cases are in the Python tests and Tests/Scenarios/30-progress-rounding.nav.
@Suite struct TraceFormatTests {
    @Test(arguments: [
        (0.0, "0.00"), (1.0, "1.00"), (0.5, "0.50"), (0.333, "0.33"),
        // exact ties in binary: away from zero
        (0.125, "0.13"), (0.375, "0.38"), (0.625, "0.63"), (0.875, "0.88"),
        // decimal ties that the double stores below (…4999…) or above (…5000…1) the tie
        (0.015, "0.01"), (0.045, "0.04"), (0.005, "0.01"), (0.995, "0.99"), (0.565, "0.56"),
        (0.994999, "0.99"), (0.999999, "1.00"), (0.0049999, "0.00"),
    ])
    func progressHasTwoDecimalsRoundedFromTheExactValue(_ value: Double, _ text: String) {
        #expect(NavigationEvent.twoDecimals(value) == text)
    }
}
