// Q2(a): one parameter-pack initializer and one pack `bind`, @inlinable so they are specialized
// where the key is declared.
import KeyCore

extension SheathKey where Flavour == Plain {
  @inlinable @inline(__always)
  public init<each D>(
    _ lifetime: Lifetime = .transient, _ deps: repeat Key<each D>,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column, function: StaticString = #function,
    _ factory: @escaping @Sendable (repeat each D) -> Value
  ) {
    self = .declared(fileID, line, column) {
      // NB: `deps` were evaluated by the caller: reading this key reads every dependency's key too.
      // (`repeat @autoclosure () -> Key<each D>` is accepted here, but call sites get no autoclosure.)
      var list: [AnyKey] = []
      for d in repeat each deps { list.append(d.erased) }
      return Recipe(lifetime, dependencies: list, name: function) { g in factory(repeat g.resolve(each deps)) }
    }
  }
}

extension Bindings {
  @inlinable
  public mutating func bind<V, each D>(
    _ key: Key<V>, _ lifetime: Lifetime = .transient, _ deps: repeat Key<each D>,
    function: StaticString = #function, _ factory: @escaping @Sendable (repeat each D) -> V
  ) {
    var list: [AnyKey] = []
    for d in repeat each deps { list.append(d.erased) }
    bind(key, Recipe(lifetime, dependencies: list, name: function) { g in factory(repeat g.resolve(each deps)) })
  }
}
