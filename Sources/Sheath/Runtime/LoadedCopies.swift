import CSheathRuntime

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Finds a second copy of Sheath in one process — an app that links it twice, through two dynamic
/// frameworks that each embed it (Factory #277) — and says so.
///
/// Each copy has its own keys, slots and graphs: a key declared against one is unknown to the other's
/// graphs, and a singleton is one per copy. Nothing in one copy can see the other's memory, so each
/// copy records itself in the one thing they share, the process's environment, when it creates its
/// first key: its address and the file it was loaded from, under the process's ID (a child process
/// inherits the environment, but not the copy). A copy that finds another one recorded prints a
/// warning once.
package enum LoadedCopies {
  /// The environment variable the first copy records itself in.
  static let variable = "SHEATH_LOADED_COPY"

  /// Records this copy of Sheath, and warns if another copy of it is loaded in this process.
  static func register() {
    let (address, file) = thisCopy()
    let current = getenv(variable).map { String(cString: $0) }
    if let warning = check(recorded: current, process: getpid(), address: address, file: file) {
      FileHandleOutput.standardError(warning)
    } else if current == nil {
      setenv(variable, record(process: getpid(), address: address, file: file), 0)
    }
  }

  /// What a copy records: `PID ADDRESS FILE`.
  package static func record(process: Int32, address: UInt, file: String) -> String {
    "\(process) \(address) \(file)"
  }

  /// The warning for a copy at `address`, loaded from `file`, when `recorded` is what the first copy
  /// recorded; `nil` when it is this copy, no copy, or a copy in another process (a parent's).
  package static func check(recorded: String?, process: Int32, address: UInt, file: String) -> String? {
    guard let recorded else { return nil }
    let fields = recorded.split(separator: " ", maxSplits: 2).map(String.init)
    guard fields.count >= 2, fields[0] == String(process), fields[1] != String(address) else { return nil }
    let other = fields.count == 3 ? fields[2] : "another image"
    return Diagnostic(
      summary: "warning: two copies of Sheath are loaded in this process",
      details: ["one from \(other)", "one from \(file)"],
      fix:
        "link Sheath once: as a dynamic library every target shares, or statically into the app alone; keys declared against one copy are unknown to the other's graphs, and each copy has its own singletons"
    ).rendered(prefix: "Sheath: ")
  }

  /// This copy's address — of a type each copy has its own of — and the file it was loaded from.
  private static func thisCopy() -> (address: UInt, file: String) {
    let pointer = unsafeBitCast(KeyRegistry.self as AnyClass, to: UnsafeRawPointer.self)
    let file = sheath_image_path(pointer).map { String(cString: $0) } ?? "an unknown image"
    return (UInt(bitPattern: pointer), file)
  }
}
