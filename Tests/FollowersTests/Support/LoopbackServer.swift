import Dispatch
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One HTTP request as a ``LoopbackServer`` received it.
struct StubRequest: Sendable {
  /// The request target as sent, such as `/users/octocat/followers?per_page=100&page=1`.
  let target: String
  /// The header fields, by lowercased name.
  let headers: [String: String]
  /// The port the request arrived on.
  let port: Int

  /// The target's path, percent-escapes kept.
  var path: String { String(target.prefix { $0 != "?" }) }

  /// The target's query items, by name.
  var query: [String: String] {
    let items = URLComponents(string: target)?.queryItems ?? []
    return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
  }

  /// The value of a header field, whatever the case of its name.
  func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// What a ``LoopbackServer`` answers: a status, headers and a body, sent after an optional delay.
struct StubResponse: Sendable {
  var status: Int
  var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
  var body = Data()
  /// Seconds to wait before answering; the wait holds no thread.
  var delay: TimeInterval = 0

  /// A JSON response.
  static func json(_ status: Int, _ body: String, headers: [(name: String, value: String)] = []) -> StubResponse {
    StubResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: Data(body.utf8))
  }
}

/// Why a ``LoopbackServer`` could not start.
struct LoopbackServerError: Error, CustomStringConvertible {
  let description: String
}

/// A minimal HTTP/1.1 server on 127.0.0.1 and a free port, in this process: enough to stand in for
/// the GitHub API in end-to-end tests with nothing but the Swift toolchain.
///
/// It reads one request per connection (GET, no body), answers with `Connection: close`, and records
/// every request. Accepting runs on a Dispatch read source and each connection on a Dispatch queue, so
/// no Swift concurrency thread ever blocks; a delayed answer is scheduled, not slept.
final class LoopbackServer: @unchecked Sendable {
  // @unchecked: `recorded`, `waiters`, `connections` and `isStopped` are only touched under `lock`; the rest
  // is immutable.

  /// The port the server listens on.
  let port: Int

  private let listener: Int32
  private let source: DispatchSourceRead
  private let handler: @Sendable (StubRequest) -> StubResponse
  private let lock = NSLock()
  private var recorded: [StubRequest] = []
  private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  private var connections: [ObjectIdentifier: Connection] = [:]
  private var isStopped = false

  /// Starts listening.
  ///
  /// - Parameter handler: Answers each request; called on a Dispatch thread.
  /// - Throws: ``LoopbackServerError`` when no socket could be bound.
  init(handler: @escaping @Sendable (StubRequest) -> StubResponse) throws {
    self.handler = handler
    (listener, port) = try Socket.listenOnLoopback()
    source = DispatchSource.makeReadSource(fileDescriptor: listener, queue: DispatchQueue(label: "LoopbackServer"))
    source.setEventHandler { [weak self] in self?.acceptPending() }
    source.setCancelHandler { [listener] in _ = close(listener) }
    source.resume()
  }

  deinit {
    stop()
  }

  /// Every request received so far, in arrival order.
  var requests: [StubRequest] { lock.withLock { recorded } }

  /// Returns once `count` requests have arrived: a test waits for the server to be reached, without sleeping.
  ///
  /// - Parameter count: How many requests to wait for.
  func requestsArrived(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let arrived = lock.withLock {
        guard recorded.count < count else { return true }
        waiters.append((count, continuation))
        return false
      }
      if arrived { continuation.resume() }
    }
  }

  /// Stops accepting and closes every open connection, answered or not.
  func stop() {
    let open: [Connection]? = lock.withLock {
      guard !isStopped else { return nil }
      isStopped = true
      defer { connections = [:] }
      return Array(connections.values)
    }
    guard let open else { return }
    source.cancel()
    open.forEach { $0.hangUp() }
  }

  private func acceptPending() {
    while true {
      let client = accept(listener, nil, nil)
      guard client >= 0 else { return }
      let connection = Connection(client)
      let accepted = lock.withLock {
        guard !isStopped else { return false }
        connections[ObjectIdentifier(connection)] = connection
        return true
      }
      guard accepted else {
        connection.hangUp()
        continue
      }
      DispatchQueue.global().async { self.serve(connection) }
    }
  }

  private func serve(_ connection: Connection) {
    guard let head = connection.readHead(), let request = Self.parse(head, port: port) else {
      finish(connection)
      return
    }
    let ready = lock.withLock {
      recorded.append(request)
      let (ready, waiting) = (
        waiters.filter { $0.count <= recorded.count }, waiters.filter { $0.count > recorded.count }
      )
      waiters = waiting
      return ready
    }
    ready.forEach { $0.continuation.resume() }
    let response = handler(request)
    let answer: @Sendable () -> Void = {
      connection.reply(Self.encode(response))
      self.finish(connection)
    }
    if response.delay > 0 {
      DispatchQueue.global().asyncAfter(deadline: .now() + response.delay, execute: answer)
    } else {
      answer()
    }
  }

  private func finish(_ connection: Connection) {
    lock.withLock { connections[ObjectIdentifier(connection)] = nil }
    connection.hangUp()
  }

  /// Reads the request line and header fields; `nil` for anything that is not a request.
  private static func parse(_ head: String, port: Int) -> StubRequest? {
    let lines = head.components(separatedBy: "\r\n")
    let requestLine = lines[0].split(separator: " ")
    guard requestLine.count == 3 else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].lowercased()
      headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return StubRequest(target: String(requestLine[1]), headers: headers, port: port)
  }

  private static func encode(_ response: StubResponse) -> Data {
    var head = "HTTP/1.1 \(response.status) Stub\r\n"
    for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
    head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
    return Data(head.utf8) + response.body
  }
}
