// The smallest NavCore client: a navigator, two pushes, one pop, the stack printed.
import NavCore

let nav = Navigator()
let home = try nav.makeScreen(route: "home")
let detail = try nav.makeScreen(route: "detail")
_ = try nav.push(home, animated: false)
_ = try nav.push(detail, animated: false)
_ = try nav.pop(animated: false)
let routes = nav.stack.map(\.route)
print("client: stack \(routes)")
if routes != ["home"] { fatalError("client: expected [home], got \(routes)") }
