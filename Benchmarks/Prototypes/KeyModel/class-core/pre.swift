import Model
protocol API: Sendable {}
struct LiveAPI: API {}
struct NotAnAPI {}
final class Presenter {}
extension Keys {
  static let stored = Key<any API> { LiveAPI() }
  static var api: Key<any API> { Key(.singleton) { LiveAPI() } }
  static var count: Key<Int> { Key { 7 } }
  static var names: CollectionKey<String> { CollectionKey() }
  static var presenter: MainActorKey<Presenter> { MainActorKey { Presenter() } }
}
