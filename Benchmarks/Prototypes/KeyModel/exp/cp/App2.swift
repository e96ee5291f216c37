import Lib4
final class H {}
final class U { init(_ h: H, _ x: Int) {} }
extension K {
  static var h: K<H> { .init { H() } }
  static var x: K<Int> { .init { 3 } }
  static var u: K<U> { .init(.h, .x) { h, x in U(h, x) } }
}
@inline(never) func readU() -> K<U> { .u }
print(readU().lc)
