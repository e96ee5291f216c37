import Foundation

/// A running loopback stand-in for the GitHub API (``StubGitHub``), served from this process.
struct StubServer: Sendable {
  /// The server underneath, for the requests it received.
  let server: LoopbackServer
  /// A loopback port that nothing listens on, for "connection refused".
  let closedPort: Int

  /// The port the stub serves on (127.0.0.1 only).
  var port: Int { server.port }

  /// Every request received so far.
  var requests: [StubRequest] { server.requests }

  /// `http://127.0.0.1:<port>`, the base URL to give `LiveUserAPI`.
  var baseURL: URL {
    Self.loopback(port: port, path: "")
  }

  /// A loopback base URL on ``closedPort``.
  var closedBaseURL: URL {
    Self.loopback(port: closedPort, path: "")
  }

  /// `http://127.0.0.1:<port><path>`, for base URLs with a path prefix.
  func baseURL(path: String) -> URL {
    Self.loopback(port: port, path: path)
  }

  private static func loopback(port: Int, path: String) -> URL {
    var components = URLComponents()
    components.scheme = "http"
    components.host = "127.0.0.1"
    components.port = port
    components.path = path
    guard let url = components.url else {
      preconditionFailure("invalid loopback URL for port \(port)")
    }
    return url
  }
}

/// Starts a stub GitHub API on loopback, runs `body` with it, and always stops it afterwards.
///
/// - Parameters:
///   - slowSeconds: How long the stub's `slow` route waits before answering (holding no thread).
///   - body: The test code to run while the server is up.
/// - Returns: Whatever `body` returns.
/// - Throws: ``LoopbackServerError`` if the server does not start, or `body`'s error.
func withStubServer<Value>(
  slowSeconds: TimeInterval = 5,
  _ body: (StubServer) async throws -> Value
) async throws -> Value {
  let server = try LoopbackServer { request in
    StubGitHub.respond(to: request, slowSeconds: slowSeconds)
  }
  defer { server.stop() }
  return try await body(StubServer(server: server, closedPort: try Socket.closedLoopbackPort()))
}
