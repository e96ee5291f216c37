/// One module's contribution to a ``CollectionKey`` or ``MapKey``.
///
/// When a graph is built, the contributions to one key, in registration order, become one synthesized
/// binding that builds the whole collection.
class AnyContribution: @unchecked Sendable {
  // @unchecked: immutable after init.
  let key: Keys
  /// The map entry's key, for duplicate detection; `nil` for collection elements.
  let entry: AnyHashable?
  let source: BindingSource
  /// What the contribution's factory declared it needs (`b.contribute(to: .trackers, .http) { http
  /// in … }`); `nil` for one that resolves through a resolver, whose needs are unchecked.
  let dependencies: DeclaredDependencies?
  /// Builds the binding that provides the collection made of the contributions to this key, which
  /// all have this contribution's element type (see ``Contribution``).
  private let synthesize: @Sendable (_ contributions: [AnyContribution]) -> AnyBinding

  init(
    key: Keys, entry: AnyHashable?, source: BindingSource, dependencies: DeclaredDependencies?,
    synthesize: @escaping @Sendable (_ contributions: [AnyContribution]) -> AnyBinding
  ) {
    self.key = key
    self.entry = entry
    self.source = source
    self.dependencies = dependencies
    self.synthesize = synthesize
  }

  /// What the contributions to one key declared they need, together: the synthesized binding's
  /// dependencies, or `nil` when one of them resolves through a resolver.
  static func dependencies(of contributions: [AnyContribution]) -> DeclaredDependencies? {
    var edges: [DeclaredEdge] = []
    for contribution in contributions {
      guard let dependencies = contribution.dependencies else { return nil }
      edges += dependencies.edges
    }
    return DeclaredDependencies(edges)
  }

  /// Builds the binding that provides the collection made of `contributions` (all to this key).
  final func synthesizeBinding(of contributions: [AnyContribution]) -> AnyBinding {
    synthesize(contributions)
  }
}

/// A contribution that builds one `Element` — a collection element, or a map's `(key, value)` entry —
/// or several collection elements at once.
final class Contribution<Element>: AnyContribution, @unchecked Sendable {
  // @unchecked: immutable; `elements` holds only `@Sendable` closures, which `Element`, a generic
  // parameter, keeps the compiler from proving.
  /// What one contribution adds to the collection.
  enum Elements {
    /// One element, from `b.contribute(to:)`.
    case one(@Sendable (Resolver) -> Element)
    /// Several elements, in the order the factory returns them, from `b.contributeElements(to:)`.
    case several(@Sendable (Resolver) -> [Element])
  }

  let elements: Elements

  /// `assemble` makes the key's binding from a factory of all its elements and what they declared
  /// they need.
  private init(
    key: Keys,
    entry: AnyHashable?,
    source: BindingSource,
    dependencies: DeclaredDependencies?,
    elements: Elements,
    assemble: @escaping @Sendable (@escaping @Sendable (Resolver) -> [Element], DeclaredDependencies?) -> AnyBinding
  ) {
    self.elements = elements
    super.init(
      key: key, entry: entry, source: source, dependencies: dependencies,
      synthesize: { contributions in
        // Every contribution to one key has that key's element type: `Bindings.contribute` is typed by key.
        assemble(
          Contribution.buildAll(contributions.map { unsafeDowncast($0, to: Contribution<Element>.self).elements }),
          AnyContribution.dependencies(of: contributions))
      })
  }

  /// Builds the elements of `parts`, in order: each part's in place, a factory's several in the order
  /// it returns them.
  private static func buildAll(_ parts: [Elements]) -> @Sendable (Resolver) -> [Element] {
    let ones = parts.compactMap { part -> (@Sendable (Resolver) -> Element)? in
      if case .one(let factory) = part { factory } else { nil }
    }
    // One element per contribution, the common case: one array of exactly that size, as before.
    if ones.count == parts.count { return { r in ones.map { $0(r) } } }
    return { r in
      var all: [Element] = []
      all.reserveCapacity(parts.count)
      for part in parts {
        switch part {
        case .one(let factory): all.append(factory(r))
        case .several(let factory): all.append(contentsOf: factory(r))
        }
      }
      return all
    }
  }

  /// Contributions to `key`, assembled into its collection.
  private convenience init(
    to key: CollectionKey<Element>, source: BindingSource, dependencies: DeclaredDependencies?, elements: Elements
  ) {
    self.init(key: key, entry: nil, source: source, dependencies: dependencies, elements: elements) {
      buildAll, dependencies in
      Binding<@Sendable (Resolver) -> [Element]>(
        lifetime: key.defaultLifetime.kind, source: key.declarationSource, dependencies: dependencies,
        factory: buildAll)
    }
  }

  /// An element of a collection; `dependencies` are what `factory` declared it needs, if it did.
  static func element(
    of key: CollectionKey<Element>, source: BindingSource, dependencies: DeclaredDependencies? = nil,
    factory: @escaping @Sendable (Resolver) -> Element
  ) -> Contribution<Element> {
    Contribution(to: key, source: source, dependencies: dependencies, elements: .one(factory))
  }

  /// Several elements of a collection, in the order `factory` returns them.
  static func elements(
    of key: CollectionKey<Element>, source: BindingSource, factory: @escaping @Sendable (Resolver) -> [Element]
  ) -> Contribution<Element> {
    Contribution(to: key, source: source, dependencies: nil, elements: .several(factory))
  }
}

extension Keys {
  /// The key's declaration, as the source of the bindings it has without a module.
  var declarationSource: BindingSource { BindingSource(modulePath: nil, location: declaration) }
}

extension Contribution {
  /// An entry of a map; `dependencies` are what `factory` declared it needs, if it did.
  static func entry<EntryKey, Value>(
    _ entry: EntryKey,
    of key: MapKey<EntryKey, Value>,
    source: BindingSource,
    dependencies: DeclaredDependencies? = nil,
    factory: @escaping @Sendable (Resolver) -> Value
  ) -> Contribution<(EntryKey, Value)> {
    Contribution<(EntryKey, Value)>(
      key: key, entry: AnyHashable(entry), source: source, dependencies: dependencies,
      elements: .one { r in (entry, factory(r)) }
    ) { buildAll, dependencies in
      Binding<@Sendable (Resolver) -> [EntryKey: Value]>(
        lifetime: key.defaultLifetime.kind, source: key.declarationSource, dependencies: dependencies,
        factory: { r in
          // Unique: the graph rejects duplicate entry keys when it is built.
          Dictionary(uniqueKeysWithValues: buildAll(r))
        })
    }
  }
}
