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

  init(key: Keys, entry: AnyHashable?, source: BindingSource) {
    self.key = key
    self.entry = entry
    self.source = source
  }

  /// Builds the binding that provides the collection made of `contributions` (all to this key).
  func synthesizeBinding(of contributions: [AnyContribution]) -> AnyBinding {
    preconditionFailure("AnyContribution is abstract; Contribution overrides synthesizeBinding")
  }
}

/// A contribution that builds one `Element`: a collection element, or a map's `(key, value)` entry.
final class Contribution<Element>: AnyContribution, @unchecked Sendable {
  let factory: @Sendable (Resolver) -> Element
  private let assemble: @Sendable ([@Sendable (Resolver) -> Element]) -> AnyBinding

  private init(
    key: Keys,
    entry: AnyHashable?,
    source: BindingSource,
    factory: @escaping @Sendable (Resolver) -> Element,
    assemble: @escaping @Sendable ([@Sendable (Resolver) -> Element]) -> AnyBinding
  ) {
    self.factory = factory
    self.assemble = assemble
    super.init(key: key, entry: entry, source: source)
  }

  override func synthesizeBinding(of contributions: [AnyContribution]) -> AnyBinding {
    // Every contribution to one key has that key's element type: `Bindings.contribute` is typed by key.
    assemble(contributions.map { unsafeDowncast($0, to: Contribution<Element>.self).factory })
  }

  /// An element of a collection.
  static func element(
    of key: CollectionKey<Element>, source: BindingSource, factory: @escaping @Sendable (Resolver) -> Element
  ) -> Contribution<Element> {
    Contribution(key: key, entry: nil, source: source, factory: factory) { factories in
      Binding<@Sendable (Resolver) -> [Element]>(
        lifetime: key.defaultLifetime.kind, source: key.declarationSource, factory: { r in factories.map { $0(r) } })
    }
  }
}

extension Keys {
  /// The key's declaration, as the source of the bindings it has without a module.
  var declarationSource: BindingSource { BindingSource(modulePath: nil, location: declaration) }
}

extension Contribution {
  /// An entry of a map.
  static func entry<EntryKey, Value>(
    _ entry: EntryKey,
    of key: MapKey<EntryKey, Value>,
    source: BindingSource,
    factory: @escaping @Sendable (Resolver) -> Value
  ) -> Contribution<(EntryKey, Value)> {
    Contribution<(EntryKey, Value)>(
      key: key, entry: AnyHashable(entry), source: source, factory: { r in (entry, factory(r)) }
    ) { factories in
      Binding<@Sendable (Resolver) -> [EntryKey: Value]>(
        lifetime: key.defaultLifetime.kind, source: key.declarationSource,
        factory: { r in
          // Unique: the graph rejects duplicate entry keys when it is built.
          Dictionary(uniqueKeysWithValues: factories.map { $0(r) })
        })
    }
  }
}
