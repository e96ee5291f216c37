import Foundation

/// The namespace your keys live in, and the identity every key shares.
///
/// Declare each thing a graph can provide as a computed static property in an extension of `Keys`.
/// Because every key type (``Key``, ``AssistedKey``, ``CollectionKey``, ``MapKey``) is a subclass of
/// `Keys`, the leading-dot syntax finds your keys wherever a key is expected:
///
/// ```swift
/// extension Keys {
///   static var httpClient: Key<any HTTPClient> {
///     Key(.singleton) { URLSessionHTTPClient() }
///   }
///   static var userAPI: Key<any UserAPI> {
///     Key(.singleton, .httpClient) { http in LiveUserAPI(http: http) }
///   }
/// }
///
/// let api = graph[.userAPI]
/// ```
///
/// A key is its declaration: the initializer call at one line and column of one file, for one value
/// type, makes one key however often it runs, so a computed property returns the same key every time
/// it is read. The first call creates the key and gives it a dense integer slot; later calls find it
/// without a lock, and the graph resolves it by that slot without hashing or string comparisons. To
/// make several keys at one place — in a loop, or in a helper function — give each its own `name:`.
public class Keys: @unchecked Sendable {
  // @unchecked: every stored property is an immutable `let` of a Sendable type; `checkedBy` is a cell
  // only read and written atomically (``AtomicWord``).

  /// The key's dense index into every graph's tables, assigned once when the key is created.
  @usableFromInline final let slot: Int

  /// The ``BindingTable/checkToken`` of the last binding table that checked this key and fell back on
  /// its own binding, or 0: the check a graph sharing that table skips. A cell of the key registry's,
  /// read and written atomically; several graphs falling back on one key take turns in it.
  @usableFromInline final let checkedBy: AtomicWord

  /// The key's name as written in code, such as `Keys.userAPI`.
  ///
  /// Given by the key's `name:` argument; or else, for a key declared as a computed static property —
  /// `static var userAPI: Key<any UserAPI> { Key(…) { … } }` — the property's name, which the compiler
  /// passes to the key's initializer as `#function`; or else `Key declared at App/Keys.swift:9`. A key
  /// stored in a `static let` is named that way, since the compiler tells a stored property's
  /// initializer only the name of the type it is in: declare it as a computed property, or give it a
  /// `name:`.
  public var name: String {
    if let givenName { return givenName }
    if let derivation { return derivation.base.name + derivation.suffix }
    return Self.siteNamePrefix + "\(declaration)"
  }

  /// Whether this is another key's ``Key/lazy``: its value keeps what it resolved, unless the graph
  /// owns that (a shared instance).
  var isLazyValue: Bool { derivation?.suffix == ".lazy" }

  /// How a key named only by its declaration site is named: `Key declared at App/Keys.swift:9`.
  static let siteNamePrefix = "Key declared at "

  private let givenName: String?
  /// For a key made from another, such as ``Key/provider``: that key, and what follows its name.
  private let derivation: (base: Keys, suffix: String)?

  /// The type of value the key provides, as written in code, such as `any UserAPI`.
  public var typeName: String {
    let described = TypeNames.shared.name(of: type)
    // The runtime writes an existential inside generic arguments without `any`
    // (`AsyncProvider<BookStoring>`): a derived key writes its wrapper around its base's types instead.
    guard let base = derivation?.base, let open = described.firstIndex(of: "<") else { return described }
    return "\(described[..<open])<\(base.typeArgumentsName)>"
  }

  /// The types a derived key's wrapper takes for this key: `any UserAPI` for a value's key,
  /// `any ProfileView, ProfileViewModel` for an assisted key's.
  private var typeArgumentsName: String {
    guard derivation == nil, case .assisted(let argument, let value) = type else { return typeName }
    return "\(describeType(argument)), \(describeType(value))"
  }

  /// The types ``typeName`` describes, kept as types: describing one takes the runtime's demangler,
  /// whose stack a key made deep in a resolution cannot spare, and only messages need it.
  private let type: KeyType

  /// The type of value the key provides, or `nil` for an assisted key (whose values are built anew).
  var valueType: Any.Type? {
    guard case .value(let value) = type else { return nil }
    return value
  }

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

  /// What kind of key this is: how a main-actor or an async factory that declared it resolves it, and
  /// what the graph's check allows as a direct dependency.
  @usableFromInline final let kind: KeyKind

  /// Where the key's factories run: the advice in a cycle's message depends on it.
  final var isolation: KeyIsolation { kind.isolation }

  init(
    kind: KeyKind, name: String?, type: KeyType, declaration: CodeLocation, hasDefault: Bool,
    derivedFrom derivation: (base: Keys, suffix: String)?
  ) {
    self.kind = kind
    (self.slot, self.checkedBy) = KeyRegistry.shared.nextSlot()
    self.givenName = name
    self.derivation = derivation
    self.type = type
    self.declaration = declaration
    self.hasDefault = hasDefault
  }
}

/// What a key provides: a value, or a value made from a caller's argument.
enum KeyType: Sendable {
  case value(any Any.Type)
  case assisted(any Any.Type, any Any.Type)

  /// The types, for looking a description up.
  var identity: [ObjectIdentifier] {
    switch self {
    case .value(let value): [ObjectIdentifier(value)]
    case .assisted(let argument, let value): [ObjectIdentifier(argument), ObjectIdentifier(value)]
    }
  }
}

/// Keys' types as code writes them, described once per type: describing one takes the runtime's
/// demangler, and a report of 10,000 keys of a few types would otherwise demangle 10,000 times.
final class TypeNames: Sendable {
  static let shared = TypeNames()

  private let names = Locked<[[ObjectIdentifier]: String]>([:])

  func name(of type: KeyType) -> String {
    let identity = type.identity
    if let name = names.withLock({ $0[identity] }) { return name }
    let name: String
    switch type {
    case .value(let value): name = describeType(value)
    case .assisted(let argument, let value): name = describeAssistedType(argument, value)
    }
    names.withLock { $0[identity] = name }
    return name
  }
}

/// A place in source code, kept for diagnostics.
public struct CodeLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file, as `#fileID` gives it: `Module/File.swift`.
  public let fileID: String
  /// The line in that file.
  public let line: Int
  /// The file as the compiler gave it, when it did: a stop that names this location stops there.
  let compiledFileID: StaticString?

  /// Creates a location; pass `#fileID` and `#line`.
  public init(fileID: String, line: Int) {
    self.fileID = fileID
    self.line = line
    self.compiledFileID = nil
  }

  init(compiled fileID: StaticString, line: UInt) {
    self.fileID = "\(fileID)"
    self.line = Int(line)
    self.compiledFileID = fileID
  }

  /// `Module/File.swift:12`.
  public var description: String { "\(fileID):\(line)" }

  /// Whether two locations name the same file and line.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.fileID == rhs.fileID && lhs.line == rhs.line
  }

  /// Hashes the file and line.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(fileID)
    hasher.combine(line)
  }
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

/// A key made from another: the other key's slot and what follows its name (`.provider`).
struct DerivedKeyID: Hashable {
  let slot: Int
  let suffix: String
}

/// Where a key is declared, what `#function` said there and the name it was given: what the key's
/// name and declaration are made from when it is first made (its identity is the site table's). Every
/// kind of key is made through ``key(of:_:)``, the first time its declaration is read.
///
/// NB: the `made` functions take it `consuming`. Borrowed, the key's inlined initializer destroys the
/// site after the call with an outlined call of its own, and the benchmark loop around a computed key's
/// read kept one more register on the stack: leaf and singleton one instruction each
/// (`Benchmarks/scripts/instructions.sh`).
@frozen @usableFromInline
struct KeySite {
  /// The `name:` the key was given.
  @usableFromInline let name: String?
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt
  /// What `#function` said at the call: a computed property's name, or a type's for a stored one.
  @usableFromInline let function: StaticString

  @inlinable @inline(__always)
  init(_ name: String?, _ fileID: StaticString, _ line: UInt, _ column: UInt, _ function: StaticString) {
    self.name = name
    self.fileID = fileID
    self.line = line
    self.column = column
    self.function = function
  }

  /// The key of `type` declared here: the one the site table recorded, or the one `make` makes from
  /// the key's name and declaration, which the table then records for every later read.
  func key(of type: Keys.Type, _ make: (_ name: String?, _ declaration: CodeLocation) -> Keys) -> Keys {
    KeyRegistry.key(declaredIn: fileID, line: line, column: column, name: name, type: type) {
      make(keyName, location)
    }
  }

  /// `Module/File.swift:12`.
  var location: CodeLocation { CodeLocation(compiled: fileID, line: line) }

  /// The key's name: the one it was given, or `Keys.userAPI` when `#function` names a property — an
  /// identifier that does not start with an uppercase letter, which would be the type a stored
  /// property is in. `nil` for a key declared anywhere else: a function, a subscript, a `static let`.
  var keyName: String? {
    if let name { return name }
    let function = "\(function)"
    guard isIdentifier(function), let first = function.first, !first.isUppercase else { return nil }
    return "Keys.\(function)"
  }
}

/// The type as written in code: `any UserAPI`, `[String]`, `URL`, `ChildGraphFactory<Void>`.
func describeType(_ type: Any.Type) -> String {
  let name = namingVoid(in: String(describing: type))
  return isExistential(type) && name != "Any" ? "any \(name)" : name
}

/// Whether `type` is a protocol's existential (`any P`): its metatype is `P.Protocol`, a concrete
/// type's `T.Type`.
func isExistential(_ type: Any.Type) -> Bool {
  String(describing: Swift.type(of: type)).hasSuffix(".Protocol")
}

/// `name` with each `()` that is a type spelled `Void`, as code writes it — the whole type, a generic
/// argument, a tuple element, a result: `()` is `Void`, `ChildGraphFactory<()>` is
/// `ChildGraphFactory<Void>`, `() -> ()` is `() -> Void`. An empty parameter list stays `()`.
func namingVoid(in name: String) -> String {
  guard name != "()" else { return "Void" }
  guard name.contains("()") else { return name }
  let characters = Array(name)
  func text(endingAt end: Int, is suffix: String) -> Bool {
    let suffix = Array(suffix)
    return end >= suffix.count && Array(characters[(end - suffix.count)..<end]) == suffix
  }
  var result = ""
  var index = 0
  while index < characters.count {
    let isEmptyParentheses =
      characters[index] == "(" && index + 1 < characters.count && characters[index + 1] == ")"
    if isEmptyParentheses,
      text(endingAt: index, is: "<") || text(endingAt: index, is: ", ") || text(endingAt: index, is: "-> "),
      index + 2 == characters.count || [">", ",", ")"].contains(characters[index + 2])
    {
      result += "Void"
      index += 2
    } else {
      result.append(characters[index])
      index += 1
    }
  }
  return result
}

/// An assisted key's type as diagnostics show it: `(any ProfileView) -> ProfileViewModel`.
func describeAssistedType(_ argument: Any.Type, _ value: Any.Type) -> String {
  "(\(describeType(argument))) -> \(describeType(value))"
}

/// Whether `text` is one Swift identifier: `userAPI`, `_cache`, `café`.
func isIdentifier(_ text: some StringProtocol) -> Bool {
  guard let first = text.unicodeScalars.first, first == "_" || first.properties.isXIDStart else { return false }
  return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
}
