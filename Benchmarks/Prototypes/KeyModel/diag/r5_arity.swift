func bad(_ b: inout Bindings) {
  b.bind(.dataController, Key(.transient, .api, .validator) { a in DataController(api: a, v: Validator()) })
}
