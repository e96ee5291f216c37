import Foundation

/// The documented numbers of waiting for another thread's build, where the tests can read them.
package enum BuildWaits {
  /// The environment variable that sets the wait limit, in seconds.
  package static let limitVariable = "SHEATH_BUILD_WAIT_LIMIT"

  /// The wait limit when ``limitVariable`` does not set one: 60 seconds.
  package static let defaultLimit = 60.0

  /// The wait limit `environment` sets: ``limitVariable`` when it is a positive number of seconds
  /// written in decimal digits (`120`, `0.5`), else ``defaultLimit``.
  package static func limit(environment: [String: String]) -> Double {
    parse(environment[limitVariable]).seconds
  }

  /// The warning for a ``limitVariable`` that `environment` sets to something other than a
  /// positive number of seconds, or `nil`. An empty value counts as unset.
  package static func limitWarning(environment: [String: String]) -> String? {
    parse(environment[limitVariable]).problem.map { "Sheath: warning: " + $0.rendered() }
  }

  /// The wait limit `environment` sets, with its warning, if any, printed on standard error: what
  /// the process's limit is read with, once.
  static func limitReportingProblems(environment: [String: String]) -> Double {
    if let warning = limitWarning(environment: environment) { FileHandleOutput.standardError(warning) }
    return limit(environment: environment)
  }

  /// How long a Swift task may block waiting before Sheath says so: 100 ms.
  package static let taskWarning = 0.1

  /// How long a thread that has `waited` seconds for a build sleeps before it looks again:
  /// ``taskWarning``, or until `limit` when that comes first. A limit below 100 ms is waited, not
  /// rounded up to the next look, so that the message says how long the thread waited.
  package static func nextCheck(waited: Double, limit: Double) -> Double {
    max(0, min(taskWarning, limit - waited))
  }

  private static func parse(_ value: String?) -> (seconds: Double, problem: Diagnostic?) {
    guard let value, !value.isEmpty else { return (defaultLimit, nil) }
    // Plain decimals only: Double(_:) also reads `0x10`, `1e3`, `inf` and `nan`.
    if value.allSatisfy({ "0123456789.".contains($0) }), let seconds = Double(value), seconds > 0, seconds.isFinite {
      return (seconds, nil)
    }
    let shown = value.unicodeScalars.map { $0.escaped(asASCII: false) }.joined()
    return (
      defaultLimit,
      Diagnostic(
        summary:
          "\(limitVariable) is '\(shown)', which is not a positive number of seconds, so waits for a build stop after the default \(Int(defaultLimit)) s",
        details: [],
        fix:
          "set \(limitVariable) to a number of seconds greater than 0 in decimal digits, such as 120 or 0.5, or unset it"
      )
    )
  }
}

/// Tells, once per key, that a Swift task blocked waiting for another thread's build.
enum TaskWaitReport {
  private static let reported = Locked<Set<ObjectIdentifier>>([])

  static func once(for key: Keys, waited: Double) {
    guard reported.withLock({ $0.insert(ObjectIdentifier(key)).inserted }) else { return }
    FileHandleOutput.standardError("Sheath: warning: " + message(key, waited: waited))
  }

  static func message(_ key: Keys, waited: Double) -> String {
    Diagnostic(
      summary:
        "a Swift task blocked for \(Int(waited * 1000)) ms waiting for another thread to build \(key.name)",
      details: [
        key.described,
        "a task that blocks holds one of the few threads of Swift's cooperative pool, so other tasks wait too",
      ],
      fix:
        "make \(key.name) an AsyncKey, whose waiters suspend instead of blocking, or resolve it before the tasks start"
    ).rendered()
  }
}
