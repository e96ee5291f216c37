public struct SheathKey<Value, Flavour> { public init(_ f: @escaping () -> Value) {} }
public enum Plain {}
public enum OnMain {}
public typealias Key<V> = SheathKey<V, Plain>
public typealias MainActorKey<V> = SheathKey<V, OnMain>
public typealias Keys = SheathKey
final class G {
  subscript<V>(key: Key<V>) -> V { fatalError() }
  @MainActor subscript<V>(key: MainActorKey<V>) -> V { fatalError() }
}
extension Keys {
  static var a: Key<Int> { Key { 1 } }
  static var m: MainActorKey<String> { MainActorKey { "" } }
}
func use(_ g: G) -> Int { g[.a] }
@MainActor func useM(_ g: G) -> String { g[.m] }
func useMOff(_ g: G) -> String { g[.m] }
