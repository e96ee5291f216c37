import Foundation
import Sheath
import Testing

// A small app's worth of types behind protocols, shaped like the seeds': a validator, an API client, a
// data controller shared by a flow, a view model per screen that talks to its view.

protocol Validating: Sendable {
  func isValid(_ login: String) -> Bool
}

struct LengthValidator: Validating {
  func isValid(_ login: String) -> Bool { !login.isEmpty }
}

struct AlwaysValid: Validating {
  func isValid(_ login: String) -> Bool { true }
}

protocol APIClient: AnyObject, Sendable {
  var name: String { get }
}

final class LiveAPIClient: APIClient {
  let name = "live"
}

final class FakeAPIClient: APIClient {
  let name: String
  init(name: String = "fake") { self.name = name }
}

protocol DataControlling: AnyObject, Sendable {
  var api: any APIClient { get }
}

final class DataController: DataControlling {
  let api: any APIClient
  init(api: any APIClient) { self.api = api }
}

protocol RegistrationView: AnyObject, Sendable {
  var title: String { get }
}

final class TestView: RegistrationView {
  let title: String
  init(title: String) { self.title = title }
}

final class RegistrationViewModel: Sendable {
  let view: any RegistrationView
  let data: any DataControlling
  let validator: any Validating

  init(view: any RegistrationView, data: any DataControlling, validator: any Validating) {
    self.view = view
    self.data = data
    self.validator = validator
  }
}

/// Counts calls, from any thread.
final class Counter: @unchecked Sendable {
  // @unchecked: `count` is only accessed under `lock`.
  private let lock = NSLock()
  private var count = 0

  var value: Int { lock.withLock { count } }

  @discardableResult
  func increment() -> Int {
    lock.withLock {
      count += 1
      return count
    }
  }
}

/// A class instance with an identity, for lifetime tests.
final class Instance: Sendable {
  let number: Int
  init(number: Int = 0) { self.number = number }
}

/// A factory the graph check must never run: it fails the test if it does.
func neverBuilt<Value>(_ value: Value, _ key: String) -> Value {
  Issue.record("the factory of \(key) ran: checking a graph must run no factory")
  return value
}

/// A module made of a closure, for tests that need a one-off registration.
struct TestModule: Module {
  let registrations: (inout Bindings) -> Void

  init(_ registrations: @escaping (inout Bindings) -> Void) {
    self.registrations = registrations
  }

  func register(into bindings: inout Bindings) {
    registrations(&bindings)
  }
}

extension Scope {
  static let flow = Scope("flow")
  static let session = Scope("session")
}

/// The text of a Sheath trap in an exit test's standard error: what follows `Fatal error: `.
func trapMessage(_ result: ExitTest.Result?) -> String {
  let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
  guard let start = text.range(of: "Fatal error: ") else { return text }
  let end = text.range(of: "\nCurrent stack trace:")?.lowerBound ?? text.endIndex
  return String(text[start.upperBound..<end]).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// A thread stack far smaller than a platform's default: 64 KiB.
let smallStackSize = 64 << 10

/// The smallest stack a `Thread` takes on every platform Sheath supports: 16 KiB (`PTHREAD_STACK_MIN`
/// on Linux and Apple's platforms; `Thread` ignores a smaller size).
let smallestStackSize = 16 << 10

/// Runs `body` — a resolution like the one a test makes on a thread with a tiny stack — on a thread
/// with an ample stack first, as an app has resolved before: in a debug build the first use of a
/// generic type (Foundation's in starting a thread, Sheath's for a key's type) takes the Swift
/// runtime more stack than a 16 KiB thread has, which no library can set aside. A stop itself needs
/// no such first use on the thread that stops.
func warmUp(_ body: @escaping @Sendable () -> Void) {
  onThread(stackSize: 1 << 20, body)
}

/// Runs `body` on a thread of its own with a stack of `stackSize` bytes, and waits for it.
func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    body()
    done.signal()
  }
  thread.stackSize = stackSize
  thread.start()
  done.wait()
}

/// The error building `modules` throws, as text — as a child of `parent` that opens `scope`, when
/// given — or `no error`.
func buildError(_ modules: [any Module], parent: Graph? = nil, scope: Scope? = nil) -> String {
  do {
    if let parent {
      _ = try parent.child(scope: scope, modules: modules)
    } else {
      _ = try Graph(modules: modules)
    }
    return "no error"
  } catch {
    return String(describing: error)
  }
}

/// Keys a test makes at run time that must live as long as the process, as `static let` keys do:
/// keys whose declared dependencies name each other hold each other, and are never released.
enum LivingKeys {
  private static let kept = Locked<[Keys]>([])

  static func keep(_ keys: [Keys]) {
    kept.withLock { $0 += keys }
  }
}
