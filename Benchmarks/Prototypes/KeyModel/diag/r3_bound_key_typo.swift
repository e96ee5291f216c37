func bad(_ b: inout Bindings) {
  b.bind(.dataControler, Key(.transient, .api, .validator) { DataController(api: $0, v: $1) })
}
