func bad(_ b: inout Bindings) {
  b.bind(.dataController, .transient, .apii, .validator) { DataController(api: $0, v: $1) }
}
