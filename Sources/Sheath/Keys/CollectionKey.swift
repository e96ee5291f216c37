/// A key for a collection that several modules contribute elements to: analytics trackers, launch
/// tasks, menu items.
///
/// Elements come in a deterministic order: module order, then the order of the `contribute` calls
/// within a module. A graph without contributions provides an empty array. A child graph's collection
/// holds its parent's elements followed by its own.
///
/// ```swift
/// extension Keys {
///   static let trackers = CollectionKey<any AnalyticsTracker>()
/// }
///
/// struct AnalyticsModule: Module {
///   func register(into b: inout Bindings) {
///     b.contribute(to: .trackers) { _ in ConsoleTracker() }
///     b.contribute(to: .trackers) { r in RemoteTracker(http: r[.httpClient]) }
///   }
/// }
///
/// let trackers = graph[.trackers]   // [ConsoleTracker, RemoteTracker]
/// ```
public final class CollectionKey<Element>: Keys, @unchecked Sendable {
  // @unchecked: immutable; the stored binding is Sendable.

  /// The collection's lifetime: ``Lifetime/transient`` builds every element anew on each resolution.
  public let lifetime: Lifetime<[Element]>

  @usableFromInline let emptyBinding: Binding<@Sendable (Resolver) -> [Element]>

  override var defaultLifetimeKind: LifetimeKind { lifetime.kind }

  override var defaultAnyBinding: AnyBinding? { emptyBinding }

  override func verificationStep(in graph: Graph) -> VerificationStep {
    .run { _ = graph[self] }
  }

  /// Creates a collection key.
  ///
  /// - Parameters:
  ///   - lifetime: How long the resolved collection (and so each element) lives.
  ///   - name: The key's name in diagnostics; by default read from the declaration (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - filePath: Where the key is declared, to read its name from; leave the default.
  ///   - line: Where the key is declared; leave the default.
  public init(
    _ lifetime: Lifetime<[Element]> = .transient,
    name: String? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line
  ) {
    let declaration = CodeLocation(fileID: fileID, line: line)
    self.lifetime = lifetime
    self.emptyBinding = Binding(
      lifetime: lifetime.kind, source: BindingSource(modulePath: nil, location: declaration), factory: { _ in [] })
    super.init(name: name, typeName: describeType([Element].self), declaration: declaration, filePath: filePath)
  }
}

/// A key for a dictionary that several modules contribute entries to: screen factories by route,
/// handlers by command name.
///
/// Two contributions with the same map key are an error when the graph is built, naming both modules.
///
/// ```swift
/// extension Keys {
///   static let screens = MapKey<String, any ScreenFactory>()
/// }
///
/// b.contribute(to: .screens, key: "profile") { r in ProfileScreenFactory(r[.profileViewModel]) }
/// ```
public final class MapKey<EntryKey: Hashable & Sendable, Value>: Keys, @unchecked Sendable {
  // @unchecked: immutable; the stored binding is Sendable.

  /// The dictionary's lifetime: ``Lifetime/transient`` builds every value anew on each resolution.
  public let lifetime: Lifetime<[EntryKey: Value]>

  @usableFromInline let emptyBinding: Binding<@Sendable (Resolver) -> [EntryKey: Value]>

  override var defaultLifetimeKind: LifetimeKind { lifetime.kind }

  override var defaultAnyBinding: AnyBinding? { emptyBinding }

  override func verificationStep(in graph: Graph) -> VerificationStep {
    .run { _ = graph[self] }
  }

  /// Creates a map key.
  ///
  /// - Parameters:
  ///   - lifetime: How long the resolved dictionary (and so each value) lives.
  ///   - name: The key's name in diagnostics; by default read from the declaration (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - filePath: Where the key is declared, to read its name from; leave the default.
  ///   - line: Where the key is declared; leave the default.
  public init(
    _ lifetime: Lifetime<[EntryKey: Value]> = .transient,
    name: String? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line
  ) {
    let declaration = CodeLocation(fileID: fileID, line: line)
    self.lifetime = lifetime
    self.emptyBinding = Binding(
      lifetime: lifetime.kind, source: BindingSource(modulePath: nil, location: declaration), factory: { _ in [:] })
    super.init(name: name, typeName: describeType([EntryKey: Value].self), declaration: declaration, filePath: filePath)
  }
}
