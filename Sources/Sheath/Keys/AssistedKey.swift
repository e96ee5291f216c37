/// A key whose value is built with an argument the caller supplies, and the rest from the graph.
///
/// The classic case is a view model built with its view: the view exists only when the screen does,
/// while the data controller and presenter come from the graph. The argument's type is checked by the
/// compiler; pass a tuple for several arguments.
///
/// ```swift
/// extension Keys {
///   static let profileViewModel:
///     AssistedKey<any ProfileView, ProfileViewModel> =
///     AssistedKey { r, view in
///       ProfileViewModel(
///         view: view, data: r[.followersData], presenter: r[.presenter])
///     }
/// }
///
/// let viewModel = flow.make(.profileViewModel, view)
/// // an AssistedFactory to call later
/// let makeViewModel = flow[.profileViewModel]
/// ```
///
/// Assisted values are always new: the graph never caches them, because each is built for its argument.
public final class AssistedKey<Argument, Value>:
  BindableKey<@Sendable (Resolver, Argument) -> Value, Never, @Sendable (Resolver, Value) -> Value, Value>,
  @unchecked Sendable
{
  // @unchecked: immutable; the stored binding is Sendable.

  /// Creates an assisted key with its default factory.
  ///
  /// - Parameters:
  ///   - name: The key's name in diagnostics; by default read from the declaration (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - filePath: Where the key is declared, to read its name from; leave the default.
  ///   - line: Where the key is declared; leave the default.
  ///   - factory: Builds the value from the resolver and the caller's argument.
  public init(
    name: String? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    _ factory: @escaping @Sendable (Resolver, Argument) -> Value
  ) {
    super.init(
      defaulting: factory, lifetime: .transient, name: name,
      typeName: describeAssistedType(Argument.self, Value.self), fileID: fileID, filePath: filePath, line: line
    ) { DirectAssistedKeyBinding(source: $0, call: factory) }
  }

  /// An assisted key whose default factory declared its dependencies.
  init(
    name: String?, fileID: String, filePath: String, line: Int, dependencies: DeclaredDependencies,
    _ factory: @escaping @Sendable (Resolver, Argument) -> Value
  ) {
    super.init(
      defaulting: factory, lifetime: .transient, name: name,
      typeName: describeAssistedType(Argument.self, Value.self), fileID: fileID, filePath: filePath, line: line
    ) { DirectAssistedKeyBinding(source: $0, dependencies: dependencies, call: factory) }
  }

  /// An assisted key whose default factory declared `dependencies` and resolves them in `thunk` (see
  /// ``AssistedSlotThunk``).
  @usableFromInline
  convenience init(
    name: String?, fileID: StaticString, filePath: StaticString, line: UInt, dependencies: DeclaredDependencies,
    declared thunk: @escaping AssistedSlotThunk<Argument, Value>
  ) {
    let site = CallSite(fileID: fileID, line: line)
    self.init(
      name: name, fileID: fileID, filePath: filePath, line: line, dependencies: dependencies,
      call: { r, argument in r.runDeclared(dependencies, at: site) { graph, r in thunk(graph, r, argument) } })
  }

  /// An assisted key whose default factory declared `dependencies`, as `call`: a factory for a
  /// resolver, which runs an ``AssistedSlotThunk`` with the resolver's graph, or needs nothing from it.
  @usableFromInline
  init(
    name: String?, fileID: StaticString, filePath: StaticString, line: UInt, dependencies: DeclaredDependencies,
    call: @escaping @Sendable (Resolver, Argument) -> Value
  ) {
    super.init(
      defaulting: call, lifetime: .transient, name: name,
      typeName: describeAssistedType(Argument.self, Value.self), fileID: "\(fileID)", filePath: "\(filePath)",
      line: Int(line)
    ) { DirectAssistedKeyBinding(source: $0, dependencies: dependencies, call: call) }
  }

  private init(required name: String?, fileID: String, filePath: String, line: Int) {
    super.init(
      defaulting: nil, lifetime: .transient, name: name,
      typeName: describeAssistedType(Argument.self, Value.self), fileID: fileID, filePath: filePath, line: line)
  }

  /// Creates an assisted key without a default: a module must bind it, as for
  /// ``Key/required(_:test:name:fileID:filePath:line:)``.
  ///
  /// - Parameters:
  ///   - name: The key's name in diagnostics; by default read from the declaration (see ``Keys/name``).
  ///   - fileID: Where the key is declared; leave the default.
  ///   - filePath: Where the key is declared, to read its name from; leave the default.
  ///   - line: Where the key is declared; leave the default.
  /// - Returns: A key that modules must bind.
  public static func required(
    name: String? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line
  ) -> AssistedKey {
    AssistedKey(required: name, fileID: fileID, filePath: filePath, line: line)
  }

  override func factory(returning value: Value) -> @Sendable (Resolver, Argument) -> Value {
    let value = UncheckedSendable(value: value)
    return { _, _ in value.value }
  }

  override func decorated(
    _ factory: @escaping @Sendable (Resolver, Argument) -> Value,
    with decorator: @escaping @Sendable (Resolver, Value) -> Value
  ) -> @Sendable (Resolver, Argument) -> Value {
    { r, argument in decorator(r, factory(r, argument)) }
  }

}
