public typealias Erased = @Sendable () -> Void
@usableFromInline func noop() {}
public struct K<Value>: Sendable {
  public let lc: UInt
  public var factory: Erased = noop
  public var d0: Erased = noop
  public var d1: Erased = noop
  public let invoke: @Sendable (K<Value>) -> Value
  @inlinable @inline(__always)
  public init<A, B>(_ a: @autoclosure @escaping @Sendable () -> K<A>, _ b: @autoclosure @escaping @Sendable () -> K<B>,
    line: UInt = #line, _ f: @escaping @Sendable (A, B) -> Value) {
    lc = line
    invoke = { k in
      let a = k.read(\.d0, as: (@Sendable () -> K<A>).self)
      let b = k.read(\.d1, as: (@Sendable () -> K<B>).self)
      let f = k.read(\.factory, as: (@Sendable (A, B) -> Value).self)
      return f(a().run(), b().run()) }
    write(\.factory, f); write(\.d0, a); write(\.d1, b)
  }
  @inlinable @inline(__always)
  public init(line: UInt = #line, _ f: @escaping @Sendable () -> Value) {
    lc = line
    invoke = { k in k.read(\.factory, as: (@Sendable () -> Value).self)() }
    write(\.factory, f)
  }
  @inlinable @inline(__always) mutating func write<F>(_ p: WritableKeyPath<K, Erased>, _ f: F) {
    withUnsafeMutablePointer(to: &self[keyPath: p]) { UnsafeMutableRawPointer($0).assumingMemoryBound(to: F.self).pointee = f }
  }
  @inlinable @inline(__always) func read<F>(_ p: KeyPath<K, Erased>, as: F.Type) -> F {
    withUnsafePointer(to: self[keyPath: p]) { UnsafeRawPointer($0).assumingMemoryBound(to: F.self).pointee }
  }
  @inlinable public func run() -> Value { invoke(self) }
}
