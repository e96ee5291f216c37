// The code of Sources/Sheath/Sheath.docc/Articles/Troubleshooting.md.
//
// The article quotes each message word for word from the Sheath test that pins it. Two messages hold a
// number that changes from run to run — how deep a resolution went, how long a thread waited — so the
// tests at the end of this file stop a process with each and pin the text the article shows.
import Foundation
import Sheath
import Testing

fileprivate final class Instance: Sendable {}

// MARK: Fixes

fileprivate final class Session: Sendable {
  let api: APIClient
  init(api: APIClient) { self.api = api }
}

fileprivate final class APIClient: Sendable {
  private let session: Lazy<Session>
  init(session: Lazy<Session>) { self.session = session }

  /// Refreshes the token through the session, long after both were built.
  func refreshToken() -> Session { session.value }
}

// docs: troubleshooting-cycle-fix
extension Keys {
  fileprivate static var session: Key<Session> {
    Key(.singleton, .apiClient) { api in
      Session(api: api)
    }
  }
  // The client refreshes tokens through the session, which needs the
  // client: a lazy dependency breaks the cycle. The session is resolved
  // when the client first uses it, after both are built.
  fileprivate static var apiClient: Key<APIClient> {
    Key(.singleton, .session.lazy) { session in
      APIClient(session: session)
    }
  }
}
// docs: end

// docs: troubleshooting-require
extension Keys {
  /// Where the API is: only the app knows.
  fileprivate static var baseURL: Key<String> { .required() }
}

fileprivate struct NetworkModule: Module {
  func register(into b: inout Bindings) {
    // A graph without a binding for .baseURL now fails to build,
    // naming this module.
    b.require(.baseURL)
  }
}

fileprivate struct AppModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.baseURL) { "https://api.example.com" }
    b.include(NetworkModule())
  }
}
// docs: end

extension Scope {
  fileprivate static let flow = Scope("flow")
}

extension Keys {
  fileprivate static var flowData: Key<Instance> {
    Key(.scoped(.flow)) { _ in
      Instance()
    }
  }
}

fileprivate protocol UserAPI: Sendable {}
fileprivate struct LiveUserAPI: UserAPI {}
fileprivate struct FakeUserAPI: UserAPI {}

extension Keys {
  fileprivate static var userAPI: Key<any UserAPI> {
    Key(.singleton) { _ in
      LiveUserAPI()
    }
  }
}

fileprivate struct LiveAPIModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.userAPI) { _ in LiveUserAPI() }
  }
}

// docs: troubleshooting-override
fileprivate struct FakeAPIModule: Module {
  func register(into b: inout Bindings) {
    // wins over LiveAPIModule's binding, whatever the order of modules
    b.override(.userAPI) { FakeUserAPI() }
  }
}
// docs: end

fileprivate actor Catalog {
  let url: URL
  init(url: URL) { self.url = url }

  static func load(from url: URL) async throws -> Catalog { Catalog(url: url) }
}

// docs: troubleshooting-async-key
extension Keys {
  fileprivate static var catalogURL: Key<URL> {
    Key {
      FileManager.default.temporaryDirectory
        .appendingPathComponent("catalog.json")
    }
  }
  // An async key: what waits for it suspends, and frees its thread.
  fileprivate static var catalog: AsyncKey<Catalog> {
    AsyncKey(.singleton, .catalogURL) { url in
      try await Catalog.load(from: url)
    }
  }
}
// docs: end

@Suite("Troubleshooting")
struct TroubleshootingSnippets {
  @Test("a lazy value breaks the cycle between the session and its client")
  func cycleFix() throws {
    let graph = try Graph(modules: [])
    let session = graph[.session]
    #expect(session.api.refreshToken() === session)
  }

  @Test("a required key bound by the app meets the module's requirement")
  func requirement() throws {
    let graph = try Graph(modules: [AppModule()])
    #expect(graph[.baseURL] == "https://api.example.com")
    #expect(throws: GraphError.self) { try Graph(modules: [NetworkModule()]) }
  }

  @Test("a scoped key resolves from a graph that opens its scope")
  func scope() throws {
    let graph = try Graph(modules: [])
    // docs: troubleshooting-scope-fix
    let flow = graph.child(scope: .flow)
    let data = flow[.flowData]  // one per flow, released with it
    // docs: end
    #expect(data === flow[.flowData])
  }

  @Test("an override wins over a binding")
  func override() throws {
    let graph = try Graph(modules: [LiveAPIModule(), FakeAPIModule()])
    #expect(graph[.userAPI] is FakeUserAPI)
  }

  @Test("an async key's singleton is built once")
  func asyncKey() async throws {
    let graph = try Graph(modules: [])
    let first = try await graph[.catalog]
    let second = try await graph[.catalog]
    #expect(first === second)
  }

  @Test("a chain too deep for its thread stops with the summary and fix the article shows")
  func depth() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      let head = chain(length: 10_000)
      onThread(stackSize: 512 << 10) { _ = graph[head] }
    }
    let lines = trapMessage(result).split(separator: "\n").map(String.init)
    let summary = lines.first?.replacing(#/is [0-9,]+ levels/#, with: "is N levels") ?? ""
    #expect([summary, lines.last ?? ""].joined(separator: "\n") == depthSummaryAndFix)
  }

  @Test("a factory that waits for a thread that resolves its own key stops after the wait limit")
  func waitLimit() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      setenv("SHEATH_BUILD_WAIT_LIMIT", "1", 1)
      let graph = try Graph(modules: [])
      graphForReport.set(graph)
      _ = graph[.report]
    }
    #expect(trapMessage(result) == waitMessage)
  }
}

// MARK: Messages with a number that changes

/// The depth stop's first and last lines, with its depth as N.
private let depthSummaryAndFix = """
  Sheath: resolution is N levels deep, and this thread's stack is nearly used up
  fix: a chain this deep is usually objects that each build the next one as they are built: inject r.provider(…) and build the next one when it is needed, or resolve on a thread with a larger stack
  """

/// The wait stop with `SHEATH_BUILD_WAIT_LIMIT=1`.
private let waitMessage = """
  Sheath: waited 1 s for Keys.report, which another thread is still building
    Keys.report (Report, App/Keys.swift:14)
    building: Keys.report
    waiting: Keys.report
  fix: the factory of Keys.report is probably waiting for this thread (DispatchQueue.main.sync, a semaphore, a lock) while this thread waits for it; a factory must not wait for work that resolves from its graph: resolve what that work needs first, or make Keys.report an AsyncKey (SHEATH_BUILD_WAIT_LIMIT=seconds waits longer)
  """

/// One link of a long chain.
private final class Link: Sendable {
  let next: Link?
  init(next: Link?) { self.next = next }
}

/// The head of a chain of `length` keys, each resolving the next.
private func chain(length: Int) -> Key<Link> {
  var next = Key<Link>(.singleton, name: "Keys.page\(length - 1)", fileID: "App/Book.swift", line: 1) { _ in
    Link(next: nil)
  }
  for index in stride(from: length - 2, through: 0, by: -1) {
    let following = next
    next = Key(.singleton, name: "Keys.page\(index)", fileID: "App/Book.swift", line: 1) { r in
      Link(next: r[following])
    }
  }
  return next
}

/// Runs `body` on a thread with a stack of `stackSize` bytes, and waits for it.
private func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    body()
    done.signal()
  }
  thread.stackSize = stackSize
  thread.start()
  done.wait()
}

fileprivate final class Report: Sendable {}

/// The graph that `Keys.report`'s factory resolves from on another thread.
private let graphForReport = GraphBox()

/// A graph shared between threads.
private final class GraphBox: @unchecked Sendable {
  // @unchecked: `graph` is only accessed under `lock`.
  private let lock = NSLock()
  private var graph: Graph?

  func set(_ graph: Graph) { lock.withLock { self.graph = graph } }
  func get() -> Graph? { lock.withLock { graph } }
}

extension Keys {
  // A singleton whose factory waits for a thread that asks for the same singleton.
  fileprivate static var report: Key<Report> {
    Key(
      .singleton, name: "Keys.report", fileID: "App/Keys.swift", line: 14
    ) { _ in
      let done = DispatchSemaphore(value: 0)
      Thread {
        if let graph = graphForReport.get() { _ = graph[.report] }
        done.signal()
      }.start()
      done.wait()
      return Report()
    }
  }
}

/// The message of the stop an exit test observed: what follows `Fatal error: `.
private func trapMessage(_ result: ExitTest.Result?) -> String {
  let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
  guard let start = text.range(of: "Fatal error: ") else { return text }
  let end = text.range(of: "\nCurrent stack trace:")?.lowerBound ?? text.endIndex
  return String(text[start.upperBound..<end]).trimmingCharacters(in: .whitespacesAndNewlines)
}
