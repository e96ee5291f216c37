func bad(_ b: inout Bindings) {
  b.bind(.dataController, .transient, .api, .validator) { api, v in v }
}
