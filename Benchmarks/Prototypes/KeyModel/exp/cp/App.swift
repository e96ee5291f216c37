import Lib
final class H {}
final class U { init(_ h: H, _ x: Int) {} }
extension Key {
  static var h: Key<H> { .init(.singleton) { H() } }
  static var x: Key<Int> { .init(.transient) { 3 } }
  static var u: Key<U> { .init(.singleton, .h, .x) { h, x in U(h, x) } }
}
@inline(never) func readU() -> Key<U> { .u }
@inline(never) func resU(_ g: G) -> U? { g[.u] }
