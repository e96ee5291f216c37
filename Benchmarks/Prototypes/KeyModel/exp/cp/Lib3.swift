public enum Lifetime: Sendable { case transient, singleton }
public struct K<Value>: Sendable {
  public let lc: UInt
  public let describe: @Sendable () -> (Lifetime, Any)
  @inlinable @inline(__always)
  public init<A, B>(_ l: Lifetime, _ a: @autoclosure @escaping @Sendable () -> K<A>, _ b: @autoclosure @escaping @Sendable () -> K<B>,
    line: UInt = #line, _ f: @escaping @Sendable (A, B) -> Value) {
    lc = line
    describe = { (l, (a, b, f) as Any) }
  }
  @inlinable @inline(__always)
  public init(_ l: Lifetime, line: UInt = #line, _ f: @escaping @Sendable () -> Value) {
    lc = line; describe = { (l, f as Any) }
  }
}
public final class G: @unchecked Sendable {
  @usableFromInline var t: UnsafeMutablePointer<UInt> = .allocate(capacity: 64)
  public init() { t.initialize(repeating: 0, count: 64) }
  @inlinable @inline(__always) public func has<V>(_ key: K<V>) -> Bool {
    if t[Int(key.lc & 63)] == key.lc { return true }
    return slow(key)
  }
  @inline(never) @usableFromInline func slow<V>(_ k: K<V>) -> Bool { print(k.describe()); return false }
}
