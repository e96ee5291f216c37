extension Keys { static var liveAPI: Key<API> { Key(.singleton) { API() } } }
func ok(_ b: inout Bindings) {
  b.bind(.dataController, Key(.transient, .api, .validator) { DataController(api: $0, v: $1) })
  b.bind(.validator, Key { Validator() })
  b.override(.validator, Key { Validator() })
  b.bind(.api, .liveAPI)  // the alias: compiles, no warning
}
func okGraph(_ g: Graph) -> DataController { g[.dataController] }
