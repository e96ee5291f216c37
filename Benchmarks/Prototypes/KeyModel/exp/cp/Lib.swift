public enum Lifetime: Sendable { case transient, singleton }
public struct Site: Sendable { public let file: UInt; public let lc: UInt; public let type: ObjectIdentifier
  @inlinable public init(file: UInt, lc: UInt, type: ObjectIdentifier) { self.file = file; self.lc = lc; self.type = type } }
public class AnyRecipe: @unchecked Sendable {
  public let lifetime: Lifetime
  @usableFromInline init(_ l: Lifetime) { lifetime = l }
}
public final class Recipe2<Value, A, B>: AnyRecipe, @unchecked Sendable {
  public let a: @Sendable () -> Key<A>; public let b: @Sendable () -> Key<B>; public let factory: @Sendable (A, B) -> Value
  @inlinable init(_ l: Lifetime, _ a: @escaping @Sendable () -> Key<A>, _ b: @escaping @Sendable () -> Key<B>, _ f: @escaping @Sendable (A, B) -> Value) { self.a = a; self.b = b; self.factory = f; super.init(l) }
}
public final class Recipe0<Value>: AnyRecipe, @unchecked Sendable {
  public let factory: @Sendable () -> Value
  @inlinable init(_ l: Lifetime, _ f: @escaping @Sendable () -> Value) { self.factory = f; super.init(l) }
}
public struct Key<Value>: Sendable {
  public let site: Site
  public let recipe: AnyRecipe
  @inlinable @inline(__always)
  public init<A, B>(_ lifetime: Lifetime, _ a: @autoclosure @escaping @Sendable () -> Key<A>, _ b: @autoclosure @escaping @Sendable () -> Key<B>,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
    _ factory: @escaping @Sendable (A, B) -> Value) {
    site = Site(file: UInt(bitPattern: fileID.utf8Start), lc: line << 24 | column, type: ObjectIdentifier(Value.self))
    recipe = Recipe2(lifetime, a, b, factory)
  }
  @inlinable @inline(__always)
  public init(_ lifetime: Lifetime, fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column, _ factory: @escaping @Sendable () -> Value) {
    site = Site(file: UInt(bitPattern: fileID.utf8Start), lc: line << 24 | column, type: ObjectIdentifier(Value.self))
    recipe = Recipe0(lifetime, factory)
  }
}
public final class G {
  @usableFromInline var t: [UInt: AnyObject] = [:]
  public init() {}
  @inlinable public subscript<V>(key: Key<V>) -> V? {
    if let o = t[key.site.lc] { return unsafeDowncast(o, to: Box<V>.self).v }
    return slow(key)
  }
  @inline(never) @usableFromInline func slow<V>(_ k: Key<V>) -> V? { print(k.recipe.lifetime); return nil }
}
public final class Box<V> { @usableFromInline let v: V; init(_ v: V) { self.v = v } }
