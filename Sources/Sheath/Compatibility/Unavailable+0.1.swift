// Sheath 0.1's names, kept unavailable so that code written against 0.1 is told what to write instead of
// "cannot find 'VerificationArguments' in scope" or "extra argument 'arguments' in call". Keep them for at
// least one minor version after the one that removed them. None is ever resolved: each requires what
// only 0.1 code writes (a removed name, an `arguments:` or `filePath:` label), so current code cannot
// pick one. Tests/SheathTests/CompilerMessages/UpgradeCompileTests.swift pins each message. The 0.1
// signatures of `Graph.verify` and `Graph.dot` are beside the methods that replaced them, in Checking/,
// so that `Graph` is extended from two folders only.

// MARK: verify() and dot()

/// Unavailable: `verify()` and `dot()` read every key as data, and take no sample arguments.
///
/// Sheath 0.1 built every factory, and an assisted key needed a sample argument. A declared assisted key
/// needs none now: delete the arguments and call `verify()`.
@available(
  *, unavailable,
  message: "verify() takes no arguments: it reads every key as data; call verify() or verify(entryPoints: [...])"
)
public struct VerificationArguments: Sendable {
  /// Unavailable: `verify()` takes no arguments.
  public init() {
    fatalError("unavailable")
  }

  /// Unavailable: an assisted key needs no sample argument.
  ///
  /// - Parameters:
  ///   - key: An assisted key.
  ///   - argument: A sample argument.
  @available(
    *, unavailable,
    message: "verify() needs no sample arguments: it reads an assisted key's declared dependencies; delete this line"
  )
  public mutating func provide<Factory, LifetimeOption, Decorator, Value, Argument>(
    _ key: BindableKey<Factory, LifetimeOption, Decorator, Value>, _ argument: Argument
  ) {
    fatalError("unavailable")
  }
}

// MARK: Errors

/// Unavailable: `verify()` throws a ``GraphError``, as building a graph does.
@available(*, unavailable, renamed: "GraphError")
public typealias VerificationError = GraphError

/// Unavailable: a problem is a ``GraphError/Problem``.
@available(*, unavailable, renamed: "GraphError.Problem")
public typealias GraphProblem = GraphError.Problem

/// Unavailable: a problem `verify()` finds is a ``GraphError/Problem``, as one building a graph finds.
@available(*, unavailable, renamed: "GraphError.Problem")
public typealias VerificationProblem = GraphError.Problem

/// Unavailable: only ``AppEnvironment/detect(explicit:custom:arguments:variables:)`` throws it.
@available(*, unavailable, renamed: "AppEnvironment.DetectionError")
public typealias EnvironmentError = AppEnvironment.DetectionError

extension GraphError {
  /// Unavailable: what `verify()` left unchecked is in its report.
  @available(
    *, unavailable,
    message: "what verify() did not check is in its report: write error.report?.unchecked"
  )
  public var skipped: [String] {
    fatalError("unavailable")
  }
}

// MARK: Key initializers that took `filePath:`

extension Key {
  /// Unavailable: a key is named by its declaration, and no longer takes `filePath:`.
  ///
  /// - Parameters:
  ///   - lifetime: How long a value lives.
  ///   - test: What the key provides in test graphs.
  ///   - name: The key's name in diagnostics.
  ///   - fileID: Where the key is declared.
  ///   - filePath: Gone.
  ///   - line: Where the key is declared.
  ///   - factory: Builds the value.
  @available(
    *, unavailable,
    message:
      "a key no longer takes filePath:; forward fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column, function: StaticString = #function, or pass name:"
  )
  public convenience init(
    _ lifetime: Lifetime<Value> = .transient,
    test: TestBehavior<@Sendable (Resolver) -> Value>? = nil,
    name: String? = nil,
    fileID: String,
    filePath: String,
    line: Int,
    _ factory: @escaping @Sendable (Resolver) -> Value
  ) {
    fatalError("unavailable")
  }

  /// Unavailable: a key is named by its declaration, and no longer takes `filePath:`.
  ///
  /// - Parameters:
  ///   - lifetime: How long a value lives.
  ///   - name: The key's name in diagnostics.
  ///   - fileID: Where the key is declared.
  ///   - filePath: Gone.
  ///   - line: Where the key is declared.
  /// - Returns: Nothing: unavailable.
  @available(
    *, unavailable,
    message:
      "a key no longer takes filePath:; forward fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column, function: StaticString = #function, or pass name:"
  )
  public static func required(
    _ lifetime: Lifetime<Value> = .transient, name: String? = nil, fileID: String, filePath: String, line: Int
  ) -> Key {
    fatalError("unavailable")
  }
}

extension AssistedKey {
  /// Unavailable: a key is named by its declaration, and no longer takes `filePath:`.
  ///
  /// - Parameters:
  ///   - name: The key's name in diagnostics.
  ///   - fileID: Where the key is declared.
  ///   - filePath: Gone.
  ///   - line: Where the key is declared.
  ///   - factory: Builds the value.
  @available(
    *, unavailable,
    message:
      "a key no longer takes filePath:; forward fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column, function: StaticString = #function, or pass name:"
  )
  public convenience init(
    name: String? = nil, fileID: String, filePath: String, line: Int,
    _ factory: @escaping @Sendable (Resolver, Argument) -> Value
  ) {
    fatalError("unavailable")
  }
}

extension MainActorKey {
  /// Unavailable: a key is named by its declaration, and no longer takes `filePath:`.
  ///
  /// - Parameters:
  ///   - lifetime: How long a value lives.
  ///   - name: The key's name in diagnostics.
  ///   - fileID: Where the key is declared.
  ///   - filePath: Gone.
  ///   - line: Where the key is declared.
  ///   - factory: Builds the value.
  @available(
    *, unavailable,
    message:
      "a key no longer takes filePath:; forward fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column, function: StaticString = #function, or pass name:"
  )
  public convenience init(
    _ lifetime: MainActorLifetime = .transient, name: String? = nil, fileID: String, filePath: String, line: Int,
    _ factory: @escaping @MainActor @Sendable (MainActorResolver) -> Value
  ) {
    fatalError("unavailable")
  }
}

extension MainActorAssistedKey {
  /// Unavailable: a key is named by its declaration, and no longer takes `filePath:`.
  ///
  /// - Parameters:
  ///   - name: The key's name in diagnostics.
  ///   - fileID: Where the key is declared.
  ///   - filePath: Gone.
  ///   - line: Where the key is declared.
  ///   - factory: Builds the value.
  @available(
    *, unavailable,
    message:
      "a key no longer takes filePath:; forward fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column, function: StaticString = #function, or pass name:"
  )
  public convenience init(
    name: String? = nil, fileID: String, filePath: String, line: Int,
    _ factory: @escaping @MainActor @Sendable (MainActorResolver, Argument) -> Value
  ) {
    fatalError("unavailable")
  }
}

extension AsyncKey {
  /// Unavailable: a key is named by its declaration, and no longer takes `filePath:`.
  ///
  /// - Parameters:
  ///   - lifetime: How long a value lives.
  ///   - name: The key's name in diagnostics.
  ///   - fileID: Where the key is declared.
  ///   - filePath: Gone.
  ///   - line: Where the key is declared.
  ///   - factory: Builds the value.
  @available(
    *, unavailable,
    message:
      "a key no longer takes filePath:; forward fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column, function: StaticString = #function, or pass name:"
  )
  public convenience init(
    _ lifetime: Lifetime<Value> = .transient, name: String? = nil, fileID: String, filePath: String, line: Int,
    _ factory: @escaping @Sendable (AsyncResolver) async throws -> Value
  ) {
    fatalError("unavailable")
  }
}

extension CollectionKey {
  /// Unavailable: a key is named by its declaration, and no longer takes `filePath:`.
  ///
  /// - Parameters:
  ///   - lifetime: How long the collection lives.
  ///   - name: The key's name in diagnostics.
  ///   - fileID: Where the key is declared.
  ///   - filePath: Gone.
  ///   - line: Where the key is declared.
  @available(
    *, unavailable,
    message:
      "a key no longer takes filePath:; forward fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column, function: StaticString = #function, or pass name:"
  )
  public convenience init(
    _ lifetime: Lifetime<[Element]> = .transient, name: String? = nil, fileID: String, filePath: String, line: Int
  ) {
    fatalError("unavailable")
  }
}

extension MapKey {
  /// Unavailable: a key is named by its declaration, and no longer takes `filePath:`.
  ///
  /// - Parameters:
  ///   - lifetime: How long the dictionary lives.
  ///   - name: The key's name in diagnostics.
  ///   - fileID: Where the key is declared.
  ///   - filePath: Gone.
  ///   - line: Where the key is declared.
  @available(
    *, unavailable,
    message:
      "a key no longer takes filePath:; forward fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column, function: StaticString = #function, or pass name:"
  )
  public convenience init(
    _ lifetime: Lifetime<[EntryKey: Value]> = .transient, name: String? = nil, fileID: String, filePath: String,
    line: Int
  ) {
    fatalError("unavailable")
  }
}
