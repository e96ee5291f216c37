func bad(_ b: inout Bindings) {
  b.bind(.dataController, Key(.transient, .validator, .validator) { DataController(api: $0, v: $1) })
}
