public typealias Erased = @Sendable () -> Void
public struct K<Value>: Sendable {
  public let lc: UInt
  public let deps: [Erased]
  public let factory: Erased
  public let invoke: @Sendable (@escaping Erased, [Erased]) -> Value
  @inlinable @inline(__always)
  public init<A, B>(_ a: @autoclosure @escaping @Sendable () -> K<A>, _ b: @autoclosure @escaping @Sendable () -> K<B>,
    line: UInt = #line, _ f: @escaping @Sendable (A, B) -> Value) {
    lc = line
    deps = [unsafeBitCast(a, to: Erased.self), unsafeBitCast(b, to: Erased.self)]
    factory = unsafeBitCast(f, to: Erased.self)
    invoke = { f, d in
      let a = unsafeBitCast(d[0], to: (@Sendable () -> K<A>).self)
      let b = unsafeBitCast(d[1], to: (@Sendable () -> K<B>).self)
      return unsafeBitCast(f, to: (@Sendable (A, B) -> Value).self)(a().invoke0(), b().invoke0()) }
  }
  @inlinable @inline(__always)
  public init(line: UInt = #line, _ f: @escaping @Sendable () -> Value) {
    lc = line; deps = []; factory = unsafeBitCast(f, to: Erased.self)
    invoke = { f, _ in unsafeBitCast(f, to: (@Sendable () -> Value).self)() }
  }
  @inlinable public func invoke0() -> Value { invoke(factory, deps) }
}
