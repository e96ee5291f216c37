import Foundation

/// The documented numbers of waiting for another thread's build, where the tests can read them.
package enum BuildWaits {
  /// The wait limit `environment` sets: `SHEATH_BUILD_WAIT_LIMIT` when it is a positive number of
  /// seconds, else 60.
  package static func limit(environment: [String: String]) -> Double {
    Double(environment["SHEATH_BUILD_WAIT_LIMIT"] ?? "").flatMap { $0 > 0 ? $0 : nil } ?? 60
  }

  /// How long a Swift task may block waiting before Sheath says so: 100 ms.
  package static let taskWarning = 0.1
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
