// The service graph every contender builds: a registration screen's view model, built from a data
// controller (which holds the API client) and a validator. The API client is a singleton; everything
// else is new for each resolution. The types are shared by all contenders and take their dependencies
// in their initializers, so each contender does exactly the same construction work; only how the
// dependencies are found differs.
//
// Every protocol is class-bound (`AnyObject`), as services behind protocols are in an app and as in
// ../shared/bench-floor: an `any P` is then a reference and a witness table, copied with a retain.
// Without `AnyObject` each `any P` is a 40-byte box moved through value witnesses, which cost every
// contender (the hand-written floor too) ~100-170 instructions per operation that no app pays.

/// The API client: one per app (a singleton).
protocol APIClient: AnyObject, Sendable {
  var baseURL: String { get }
}

final class LiveAPIClient: APIClient {
  let baseURL = "https://api.github.com"
}

/// Checks a login; transient.
protocol Validating: AnyObject, Sendable {
  func isValid(_ login: String) -> Bool
}

final class Validator: Validating {
  let maximumLength = 39

  func isValid(_ login: String) -> Bool { !login.isEmpty && login.count <= maximumLength }
}

/// Loads and caches the flow's data through the API client; transient in the graph scenarios, one per
/// flow in the flow scenarios.
protocol DataControlling: AnyObject, Sendable {
  var api: any APIClient { get }
}

final class DataController: DataControlling {
  let api: any APIClient

  init(api: any APIClient) {
    self.api = api
  }
}

/// The screen the view model drives, supplied by the caller (the assisted argument).
protocol RegistrationView: AnyObject, Sendable {
  func show(_ message: String)
}

final class TerminalRegistrationView: RegistrationView {
  func show(_ message: String) {}
}

/// The view model: new for each screen.
final class RegistrationViewModel: Sendable {
  let view: (any RegistrationView)?
  let data: any DataControlling
  let validator: any Validating

  init(view: (any RegistrationView)?, data: any DataControlling, validator: any Validating) {
    self.view = view
    self.data = data
    self.validator = validator
  }
}

/// One link of the deep-chain scenario: each node holds the next.
final class ChainNode: Sendable {
  let next: ChainNode?

  init(next: ChainNode?) {
    self.next = next
  }
}

/// The flow object a hand-written app would keep for a flow of screens: it owns the flow's data
/// controller, built on first use.
final class RegistrationFlow: @unchecked Sendable {
  // @unchecked: used from one thread at a time in the benchmarks.
  let api: any APIClient
  private var storedData: (any DataControlling)?

  init(api: any APIClient) {
    self.api = api
  }

  var data: any DataControlling {
    if let storedData { return storedData }
    let data = DataController(api: api)
    storedData = data
    return data
  }
}

/// Opens a flow, as a hand-written coordinator does. Not inlined: inlined into a loop that keeps only
/// the flow's data controller, the optimizer may put the flow object on the stack, which no app that
/// keeps its flow open could do.
@inline(never)
func openRegistrationFlow(api: any APIClient) -> RegistrationFlow {
  RegistrationFlow(api: api)
}

/// The view every assisted scenario passes; created once.
let sharedView: any RegistrationView = TerminalRegistrationView()
