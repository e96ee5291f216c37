/// Where code asked for a key: the file and line a stop that the request itself causes — a missing
/// binding, a scope no graph opened, a released graph — names, so that it points at the caller.
///
/// The resolving members take it as `fileID: StaticString = #fileID, line: UInt = #line`. It is only
/// read on the way to a stop, but passing it along costs each resolution 20–30 instructions
/// (`Benchmarks/scripts/instructions.sh`: leaf 603 → 633, singleton 309 → 329).
@usableFromInline
struct CallSite: Sendable {
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(fileID: StaticString, line: UInt) {
    self.fileID = fileID
    self.line = line
  }

  /// The site as a location, for a test failure that points at the request.
  var location: CodeLocation { CodeLocation(compiled: fileID, line: line) }
}
