func bad(_ b: inout Bindings) {
  b.bind(.dataController, Key(.transient, .api, .validator) { api, v in
    let copy = v
    return copy
  })
}
