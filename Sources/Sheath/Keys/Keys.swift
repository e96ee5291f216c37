import Foundation

/// The namespace your keys live in, and the identity every key shares.
///
/// Declare each thing a graph can provide as a `static let` in an extension of `Keys`. Because every
/// key type (``Key``, ``AssistedKey``, ``CollectionKey``, ``MapKey``) is a subclass of `Keys`, the
/// leading-dot syntax finds your keys wherever a key is expected:
///
/// ```swift
/// extension Keys {
///   static let httpClient: Key<any HTTPClient> = Key(.singleton) { _ in
///     URLSessionHTTPClient()
///   }
///   static let userAPI: Key<any UserAPI> = Key(.singleton) { r in
///     LiveUserAPI(http: r[.httpClient])
///   }
/// }
///
/// let api = graph[.userAPI]
/// ```
///
/// A key is an identity: two keys are the same key only if they are the same object. Declare keys as
/// `static let` so that each is created once; the graph gives every key a dense integer slot when it is
/// created, and resolves it by that slot without hashing or string comparisons.
public class Keys: @unchecked Sendable {
  // @unchecked: every stored property is an immutable `let` of a Sendable type.

  /// The key's dense index into every graph's tables, assigned once when the key is created.
  @usableFromInline final let slot: Int

  /// The key's name as written in code, such as `Keys.userAPI`.
  ///
  /// Given by the key's `name:` argument; or else read from the key's declaration, when the source
  /// file is available and the key is the value of a `static let` or `static var` — `static let
  /// userAPI = Key…` names it `Keys.userAPI`, on one line or broken across several, whatever comments
  /// surround it; or else `Key declared at App/Keys.swift:9`. A key made anywhere else — a local
  /// `let`, a loop, an array of keys, a helper function that returns a key — is named by the line that
  /// made it. Give such a key a `name:`, or let a helper take `fileID: String = #fileID, filePath:
  /// String = #filePath, line: Int = #line` and pass them on, so that each key is named by the `static
  /// let` that calls the helper.
  public var name: String {
    if let givenName { return givenName }
    if let derivation { return derivation.base.name + derivation.suffix }
    return KeyRegistry.shared.name(ofSlot: slot) {
      KeyName.fromSource(filePath: filePath, line: declaration.line) ?? "Key declared at \(declaration)"
    }
  }

  private let givenName: String?
  private let filePath: String
  /// For a key made from another, such as ``Key/provider``: that key, and what follows its name.
  private let derivation: (base: Keys, suffix: String)?

  /// The type of value the key provides, as written in code, such as `any UserAPI`.
  public let typeName: String

  /// The file (as `#fileID`) and line where the key was declared.
  public let declaration: CodeLocation

  /// Whether resolving the key without a module's binding has a default to fall back on.
  let hasDefault: Bool

  /// The lifetime of the key's default binding.
  var defaultLifetimeKind: LifetimeKind { .transient }

  /// The key's default binding, type-erased, for reading the graph as data.
  var defaultAnyBinding: AnyBinding? { nil }

  /// The binding a graph falls back on for this key: its test behaviour's in a test graph, else its
  /// default.
  func fallbackAnyBinding(testing: Bool) -> AnyBinding? { defaultAnyBinding }

  /// Where the key's factories run: the advice in a cycle's message depends on it.
  var isolation: KeyIsolation { .nonisolated }

  init(
    name: String?, typeName: String, declaration: CodeLocation, filePath: String, hasDefault: Bool = true,
    derivedFrom derivation: (base: Keys, suffix: String)? = nil
  ) {
    self.slot = KeyRegistry.shared.nextSlot()
    self.givenName = name
    self.derivation = derivation
    self.typeName = typeName
    self.declaration = declaration
    self.filePath = filePath
    self.hasDefault = hasDefault
  }
}

/// A place in source code, kept for diagnostics.
public struct CodeLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file, as `#fileID` gives it: `Module/File.swift`.
  public let fileID: String
  /// The line in that file.
  public let line: Int

  /// Creates a location; pass `#fileID` and `#line`.
  public init(fileID: String, line: Int) {
    self.fileID = fileID
    self.line = line
  }

  /// `Module/File.swift:12`.
  public var description: String { "\(fileID):\(line)" }
}

/// Where a key's factories run.
enum KeyIsolation: Sendable {
  /// On whatever thread resolves the key.
  case nonisolated
  /// On the main actor.
  case mainActor
  /// In a task: the factory is async.
  case async
}

/// Hands out dense slots to keys as they are created.
final class KeyRegistry: Sendable {
  static let shared = KeyRegistry()

  private init() {
    LoadedCopies.register()
  }

  /// The largest number of keys a process may create: a graph's binding table is indexed by slot.
  static let capacity = 1 << 20

  private let slotCount = Locked(0)

  /// How many keys the process has created.
  var count: Int { slotCount.withLock { $0 } }

  /// The names found in keys' declarations, by slot, once each key's name was first asked for. Kept
  /// here rather than in each key: a lock per key was four allocations and 250 bytes of every key,
  /// for a name only messages read.
  private let foundNames = Locked<[Int: String]>([:])

  /// The keys made from other keys (``Key/provider``, ``Key/lazy``, ``AssistedKey/factory``), by the
  /// slot of the key they were made from and what they add to its name: made once each, so that
  /// naming `.userAPI.provider` again — in each graph's modules — takes no new slot.
  private let derivedKeys = Locked<[DerivedKeyID: Keys]>([:])

  /// The key made from the key in `slot` for `suffix`: `make()` the first time, then the same key.
  func derivedKey<Derived: Keys>(ofSlot slot: Int, _ suffix: String, make: () -> Derived) -> Derived {
    derivedKeys.withLock { keys in
      let id = DerivedKeyID(slot: slot, suffix: suffix)
      // Only `make()` stores under this ID, and it makes a `Derived` for one base key's type.
      if let key = keys[id] { return unsafeDowncast(key, to: Derived.self) }
      let key = make()
      keys[id] = key
      return key
    }
  }

  func nextSlot() -> Int {
    let slot = slotCount.withLock { count in
      defer { count += 1 }
      return count
    }
    // A process with this many keys is creating them in a loop; slots are never reused.
    if slot >= Self.capacity { ResolutionFailure.tooManyKeys(Self.capacity).trap() }
    return slot
  }

  /// The name found for the key in `slot`: `find()` the first time, then what it found.
  func name(ofSlot slot: Int, finding find: () -> String) -> String {
    foundNames.withLock { names in
      if let name = names[slot] { return name }
      let name = find()
      names[slot] = name
      return name
    }
  }
}

/// A key made from another: the other key's slot and what follows its name (`.provider`).
struct DerivedKeyID: Hashable {
  let slot: Int
  let suffix: String
}
