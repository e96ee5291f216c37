import Flavours
nonisolated final class HTTP: Sendable { init() {} }
nonisolated final class API: Sendable { init(http: HTTP) {} }
@MainActor final class Screen { init(api: API) {} }
nonisolated final class Loader: Sendable { init(api: API) async {} }
nonisolated final class Detail: Sendable { init(id: Int, api: API) {} }
nonisolated final class Session: Sendable { init(api: API?) {} }
nonisolated final class Router: Sendable { init(api: Provider<API>) {} }

extension Keys {
  static var http: Key<HTTP> { Key(.singleton) { HTTP() } }
  static var api: Key<API> { Key(.singleton, .http) { API(http: $0) } }
  static var screen: MainActorKey<Screen> { MainActorKey(.transient, .api) { Screen(api: $0) } }
  static var loader: AsyncKey<Loader> { AsyncKey(.transient, .api) { await Loader(api: $0) } }
  static var detail: AssistedKey<Int, Detail> { AssistedKey(.api) { id, api in Detail(id: id, api: api) } }
  static var session: Key<Session> { Key(.singleton, .api.optional) { Session(api: $0) } }
  static var router: Key<Router> { Key(.singleton, .api.provider) { Router(api: $0) } }
}

func plain(_ g: Graph) -> API { g[.api] }
@MainActor func onMain(_ g: Graph) -> Screen { g[.screen] }
func loading(_ g: Graph) async -> Loader { await g[.loader] }
func assisted(_ g: Graph) -> Detail { g[.detail](42) }
func derived(_ g: Graph) -> (Session, Router) { (g[.session], g[.router]) }
nonisolated func fromBackground(_ g: Graph) -> API { g[.api] }
nonisolated func screenFromBackground(_ g: Graph) -> Screen { g[.screen] }
