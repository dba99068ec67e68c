@testable import NavCore
import Testing

/// The main-actor front's second view of a host-mode core (`Navigator(drainingAsksOf:)`): its
/// asks deliver events through the owner's unretained link, so the view keeps the owner alive.
@Suite struct DrainingViewTests {
    @Test func aViewThatDrainsOnAskKeepsItsOwnerAliveAndDeliversWithIt() throws {
        weak var weakOwner: Navigator?
        let shown = Locked<[String]>([])
        let view: Navigator
        do {
            let owner = Navigator(dispatch: .host)
            owner.addObserver { event in
                if case .appearance(let change) = event, change.phase == .didShow { shown.append(change.screen.route) }
            }
            weakOwner = owner
            view = Navigator(drainingAsksOf: owner)
        }
        #expect(weakOwner != nil, "the view holds its owner")
        try view.push(try view.makeScreen(route: "home"), animated: false, completion: nil)
        #expect(shown.value == ["home"])
        #expect(weakOwner?.top?.route == "home")
    }
}
