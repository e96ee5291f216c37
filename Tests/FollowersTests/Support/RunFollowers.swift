import Dispatch
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a run of the executable printed, and how it exited.
struct Run {
  let status: Int32
  let output: String
  let errors: String
}

/// The usage the command writes to standard error after every usage error, pinned word for word.
let usageLines = "USAGE: followers [<options>] [<login>]\n  See 'followers --help' for more information.\n"

/// Where a run's standard output goes.
enum StandardOutput {
  /// A pipe this process reads to the end.
  case pipe
  /// A pipe whose reading end is closed before the program starts: every write fails with EPIPE,
  /// as after `| head -1` — deterministically.
  case closedPipe
  /// A file opened for writing, such as `/dev/full`.
  case file(String)
}

/// Runs the built `followers` executable with `arguments`, `input` on standard input, and `environment`
/// on top of a clean environment (no GITHUB_TOKEN, SHEATH_ENV or GITHUB_API_URL from the machine).
///
/// The waiting happens on a Dispatch thread, never on one of Swift concurrency's few threads, which
/// the other tests running in parallel (and the stub server) need.
func runFollowers(
  _ arguments: [String], input: String = "", environment: [String: String] = [:], output: StandardOutput = .pipe
) async throws -> Run {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global().async {
      continuation.resume(
        with: Result { try runBlocking(arguments, input: input, environment: environment, output: output) })
    }
  }
}

private func runBlocking(
  _ arguments: [String], input: String, environment: [String: String], output: StandardOutput
) throws -> Run {
  let process = try followersProcess(arguments, environment: environment)
  let stdin = Pipe()
  let stdout = Pipe()
  let stderr = Pipe()
  process.standardInput = stdin
  process.standardError = stderr
  switch output {
  case .pipe:
    process.standardOutput = stdout
  case .closedPipe:
    try stdout.fileHandleForReading.close()
    process.standardOutput = stdout
  case .file(let path):
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw LoopbackServerError(description: "cannot open \(path) for writing")
    }
    process.standardOutput = handle
  }
  // A program that exits before reading its input must not take this process down with SIGPIPE.
  _ = signal(SIGPIPE, SIG_IGN)
  try process.run()
  if !input.isEmpty {
    try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
  }
  try stdin.fileHandleForWriting.close()
  var printed = Data()
  if case .pipe = output {
    printed = stdout.fileHandleForReading.readDataToEndOfFile()
  }
  let errors = stderr.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return Run(
    status: process.terminationStatus, output: String(decoding: printed, as: UTF8.self),
    errors: String(decoding: errors, as: UTF8.self))
}

/// A process for the `followers` executable, in a clean environment (no GITHUB_TOKEN, SHEATH_ENV or
/// GITHUB_API_URL from the machine) with `environment` on top.
func followersProcess(_ arguments: [String], environment: [String: String]) throws -> Process {
  let process = Process()
  process.executableURL = try followersExecutable()
  process.arguments = arguments
  var variables = ProcessInfo.processInfo.environment
  for name in ["GITHUB_TOKEN", "SHEATH_ENV", "GITHUB_API_URL"] { variables[name] = nil }
  process.environment = variables.merging(environment) { $1 }
  return process
}

/// The `followers` executable that `swift test` built next to the test bundle.
private func followersExecutable() throws -> URL {
  var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  for _ in 0..<5 {
    let candidate = directory.appendingPathComponent("followers")
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    directory.deleteLastPathComponent()
  }
  throw LoopbackServerError(description: "the followers executable was not found next to \(CommandLine.arguments[0])")
}
