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
/// The server is started with `/usr/bin/env python3`, prints its port on the first stdout line,
/// and is terminated (SIGTERM, then its stdin is closed) when `body` returns or throws; this
/// waits for it to exit. It also exits by itself after 60 s or when this process dies. Nothing
/// here blocks a Swift concurrency thread: reads and waits happen on Dispatch threads.
///
/// - Parameters:
///   - slowSeconds: How long the stub's `slow` route sleeps before answering.
///   - body: The test code to run while the server is up.
/// - Returns: Whatever `body` returns.
/// - Throws: `StubServerError` if the server does not start, or `body`'s error.
func withStubServer<Value>(
  slowSeconds: TimeInterval = 5,
  _ body: (StubServer) async throws -> Value
) async throws -> Value {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [
    "python3", StubServer.script.path, "--slow", String(slowSeconds), "--lifetime", "60",
  ]
  let input = Pipe()
  let output = Pipe()
  process.standardInput = input
  process.standardOutput = output
  let exit = ExitSignal()
  process.terminationHandler = { _ in exit.fire() }
  try process.run()

  let outcome: Result<Value, any Error>
  do {
    let lines = try await readLines(
      2, from: output.fileHandleForReading, timeout: StubServer.startupTimeout
    )
    guard lines.count == 2, let port = Int(lines[0]), let closedPort = Int(lines[1]) else {
      throw StubServerError(description: "stub_server.py printed \(lines) instead of two ports")
    }
    outcome = .success(try await body(StubServer(port: port, closedPort: closedPort)))
  } catch {
    outcome = .failure(error)
  }
  if process.isRunning {
    process.terminate()
  }
  try? input.fileHandleForWriting.close()
  await exit.wait()
  return try outcome.get()
}

/// Reads `count` lines from `handle` on a Dispatch thread, giving up after `timeout` seconds.
private func readLines(
  _ count: Int, from handle: FileHandle, timeout: TimeInterval
) async throws -> [String] {
  let once = OnceContinuation<String>()
  return try await withCheckedThrowingContinuation { continuation in
    once.set(continuation)
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
      once.resume(throwing: StubServerError(description: "stub_server.py printed no port within \(timeout) s"))
    }
    DispatchQueue.global().async {
      var buffer = Data()
      while buffer.filter({ $0 == UInt8(ascii: "\n") }).count < count {
        let chunk = handle.availableData
        if chunk.isEmpty {
          break
        }
        buffer.append(chunk)
      }
      once.resume(returning: String(decoding: buffer, as: UTF8.self))
    }
  }
  .split(separator: "\n")
  .prefix(count)
  .map { $0.trimmingCharacters(in: .whitespaces) }
}

/// A continuation that is resumed by whichever of several racing callers comes first.
private final class OnceContinuation<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Value, any Error>?

  func set(_ continuation: CheckedContinuation<Value, any Error>) {
    lock.lock()
    defer { lock.unlock() }
    self.continuation = continuation
  }

  func resume(returning value: Value) {
    take()?.resume(returning: value)
  }

  func resume(throwing error: any Error) {
    take()?.resume(throwing: error)
  }

  private func take() -> CheckedContinuation<Value, any Error>? {
    lock.lock()
    defer { lock.unlock() }
    let taken = continuation
    continuation = nil
    return taken
  }
}

/// Lets async code wait for a process's termination handler without blocking a thread.
private final class ExitSignal: @unchecked Sendable {
  private let lock = NSLock()
  private var fired = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func fire() {
    lock.lock()
    fired = true
    let resumed = waiters
    waiters = []
    lock.unlock()
    resumed.forEach { $0.resume() }
  }

  func wait() async {
    await withCheckedContinuation { continuation in
      lock.lock()
      if fired {
        lock.unlock()
        continuation.resume()
      } else {
        waiters.append(continuation)
        lock.unlock()
      }
    }
  }
}
