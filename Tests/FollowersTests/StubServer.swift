import Dispatch
import Foundation

/// A running `Fixtures/stub_server.py`: a loopback stand-in for the GitHub API.
struct StubServer: Sendable {
  /// The port the stub serves on (127.0.0.1 only).
  let port: Int
  /// A loopback port that nothing listens on, for "connection refused".
  let closedPort: Int

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

  /// The script, found next to this file so no bundle resources are needed.
  static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .appendingPathComponent("Fixtures/stub_server.py")

  /// Seconds to wait for the stub to report its ports before giving up.
  static let startupTimeout: TimeInterval = 15

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

/// Why the stub server could not be started.
struct StubServerError: Error, CustomStringConvertible {
  let description: String
}

/// Starts the stub server, runs `body` with it, and always stops it afterwards.
///
/// The server is started with `/usr/bin/env python3`, prints its port on the
/// first stdout line, and is terminated (SIGTERM, then its stdin is closed)
/// when `body` returns or throws. It also exits on its own after 60 s.
/// - Parameters:
///   - slowSeconds: How long the stub's `slow` route sleeps before answering.
///   - body: The test code to run while the server is up.
/// - Returns: Whatever `body` returns.
/// - Throws: `StubServerError` if the server does not start, or `body`'s error.
func withStubServer<Result>(
  slowSeconds: TimeInterval = 5,
  _ body: (StubServer) async throws -> Result
) async throws -> Result {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [
    "python3", StubServer.script.path, "--slow", String(slowSeconds), "--lifetime", "60",
  ]
  let input = Pipe()
  let output = Pipe()
  process.standardInput = input
  process.standardOutput = output
  try process.run()
  defer {
    if process.isRunning {
      process.terminate()
    }
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
  let lines = try readLines(2, from: output.fileHandleForReading, timeout: StubServer.startupTimeout)
  guard lines.count == 2, let port = Int(lines[0]), let closedPort = Int(lines[1]) else {
    throw StubServerError(description: "stub_server.py printed \(lines) instead of two ports")
  }
  return try await body(StubServer(port: port, closedPort: closedPort))
}

/// Reads `count` lines from `handle`, giving up after `timeout` seconds.
private func readLines(_ count: Int, from handle: FileHandle, timeout: TimeInterval) throws -> [String] {
  let box = LinesBox()
  let done = DispatchSemaphore(value: 0)
  DispatchQueue.global().async {
    var buffer = Data()
    while buffer.filter({ $0 == UInt8(ascii: "\n") }).count < count {
      let chunk = handle.availableData
      if chunk.isEmpty {
        break
      }
      buffer.append(chunk)
    }
    box.set(String(decoding: buffer, as: UTF8.self))
    done.signal()
  }
  guard done.wait(timeout: .now() + timeout) == .success else {
    throw StubServerError(description: "stub_server.py printed no port within \(timeout) s")
  }
  return box.get()
    .split(separator: "\n")
    .prefix(count)
    .map { $0.trimmingCharacters(in: .whitespaces) }
}

/// A lock-protected string handed from the reading thread to the test.
private final class LinesBox: @unchecked Sendable {
  private let lock = NSLock()
  private var text = ""

  func set(_ value: String) {
    lock.lock()
    defer { lock.unlock() }
    text = value
  }

  func get() -> String {
    lock.lock()
    defer { lock.unlock() }
    return text
  }
}
