func ok(_ b: inout Bindings) {
  b.bind(.dataController, .transient, .api, .validator) { DataController(api: $0, v: $1) }
  b.bind(.validator) { Validator() }
}
func okGraph(_ g: Graph) -> DataController { g[.dataController] }
